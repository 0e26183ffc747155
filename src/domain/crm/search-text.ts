/** The same folding as SQL crm_fold (migration 0013): lower case, no accents. */
const FROM = "áàâãäåéèêëíìîïóòôõöúùûüçñý";
const TO = "aaaaaaeeeeiiiiooooouuuucny";

export function foldSearch(value: string): string {
  let out = "";
  for (const char of value.toLowerCase()) {
    const i = FROM.indexOf(char);
    out += i >= 0 ? TO[i] : char;
  }
  return out;
}

/**
 * What a search fragment is compared as: a phone or document typed with punctuation
 * ("(11) 98765", "12.345.678/0001") becomes its digits; anything else is folded.
 */
export function searchFragment(value: string): string {
  const trimmed = value.trim();
  if (/\d/.test(trimmed) && /^[\d\s().+\-/]+$/.test(trimmed)) return trimmed.replace(/\D/g, "");
  return foldSearch(trimmed);
}
