/**
 * A number as Brazilians write it, as the custom-field form takes it: "1.500,50", "1500,5",
 * "1.500" (thousands dot), "1500.5" (a dot not grouping thousands is the decimal point), "-3".
 * Null when it is not a number.
 */
export function parseBrNumber(value: string): number | null {
  const cleaned = value.replace(/\s/g, "");
  let normalised: string;
  if (cleaned.includes(",")) normalised = cleaned.replace(/\./g, "").replace(",", ".");
  else if (/^-?\d{1,3}(\.\d{3})+$/.test(cleaned)) normalised = cleaned.replace(/\./g, "");
  else normalised = cleaned;
  if (!/^-?\d+(\.\d+)?$/.test(normalised)) return null;
  return Number(normalised);
}
