/** The sorts of the contact and company lists (CONTACT_SORTS), as the user reads them. */
export const CONTACT_SORT_OPTIONS = [
  { value: "created_desc", label: "Mais recentes" },
  { value: "created_asc", label: "Mais antigos" },
  { value: "name_asc", label: "Nome (A–Z)" },
  { value: "name_desc", label: "Nome (Z–A)" },
];
