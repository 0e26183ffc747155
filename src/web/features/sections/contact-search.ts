import type { Contact } from "./sample-data.ts";

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

/** Case- and accent-insensitive match over name, e-mail, company and position. */
export function filterContacts(contacts: Contact[], query: string): Contact[] {
  const needle = fold(query.trim());
  if (!needle) return contacts;
  return contacts.filter((c) => [c.name, c.email, c.company, c.position].some((field) => fold(field).includes(needle)));
}
