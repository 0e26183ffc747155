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

/** The start of a CNPJ as written, alphanumeric ones too: "12.ABC", "12.ABC.345/01DE-3". */
const CNPJ_FRAGMENT = /^[\dA-Z]{2}\.[\dA-Z]{0,3}(\.[\dA-Z]{0,3}(\/[\dA-Z]{0,4}(-\d{0,2})?)?)?$/i;

/**
 * What a search fragment is compared as: a phone or document typed with punctuation
 * ("(11) 98765", "12.345.678/0001", "12.ABC.345") becomes its digits (and a CNPJ's letters, in
 * lower case, as the search text keeps them); anything else is folded.
 */
export function searchFragment(value: string): string {
  const trimmed = value.trim();
  if (/\d/.test(trimmed) && /^[\d\s().+\-/]+$/.test(trimmed)) return trimmed.replace(/\D/g, "");
  if (/\d/.test(trimmed) && CNPJ_FRAGMENT.test(trimmed)) return trimmed.replace(/[^0-9A-Za-z]/g, "").toLowerCase();
  return foldSearch(trimmed);
}
