/**
 * A number as Brazilians write it, in the decimal text of standards ("1.500,50" → "1500.50"): a comma
 * is the decimal separator; without one, dots grouping thousands ("1.500") are dropped and any other
 * dot is the decimal point ("1500.5"). Null when it is not a number.
 */
export function brNumberText(value: string): string | null {
  const cleaned = value.replace(/\s/g, "");
  let normalised: string;
  if (cleaned.includes(",")) normalised = cleaned.replace(/\./g, "").replace(",", ".");
  else if (/^-?\d{1,3}(\.\d{3})+$/.test(cleaned)) normalised = cleaned.replace(/\./g, "");
  else normalised = cleaned;
  return /^-?\d+(\.\d+)?$/.test(normalised) ? normalised : null;
}

/** The number a Brazilian wrote, as the custom-field form takes it ("1.500,50", "1500,5", "1.500", "-3"); null when none. */
export function parseBrNumber(value: string): number | null {
  const text = brNumberText(value);
  return text === null ? null : Number(text);
}
