import { CONTACT_STATUSES, contactInputSchema } from "#domain/schemas/crm.ts";
import { AppError } from "../../http/errors.ts";
import { type CustomValues, type loadCustomFields, validateCustomFields } from "./record-checks.ts";

export type CustomFields = Awaited<ReturnType<typeof loadCustomFields>>;

/** A valid CSV row as the contact it becomes. */
export type ImportedContact = {
  name: string;
  email: string | null;
  phone: string | null;
  whatsapp: string | null;
  document: string | null;
  position: string | null;
  city: string | null;
  state: string | null;
  source: string | null;
  notes: string | null;
  status: string;
  tags: string[];
  customFields: CustomValues;
};

const STATUS_WORDS: Record<string, string> = {
  active: "ativo",
  inactive: "inativo",
  client: "cliente",
  customer: "cliente",
};

const tagsOf = (text: string | undefined) =>
  text
    ? text
        .split(/[,|]/)
        .map((t) => t.trim())
        .filter(Boolean)
    : [];

/** A mapped CSV row → the contact it creates, or the pt-BR reason it is refused. */
export function toImportedContact(
  row: Record<string, string>,
  fields: CustomFields,
): { contact: ImportedContact; error?: undefined } | { contact?: undefined; error: string } {
  const custom: Record<string, string> = {};
  for (const [key, value] of Object.entries(row)) if (key.startsWith("custom:") && value) custom[key.slice(7)] = value;
  const status = (row.status ?? "").toLowerCase();
  const parsed = contactInputSchema.safeParse({
    name: row.name,
    email: row.email,
    phone: row.phone,
    whatsapp: row.whatsapp,
    document: row.document,
    position: row.position,
    city: row.city,
    state: row.state,
    source: row.source,
    notes: row.notes,
    status: status ? (STATUS_WORDS[status] ?? status) : undefined,
    tags: tagsOf(row.tags),
  });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? "Linha inválida." };
  const body = parsed.data;
  if (!(CONTACT_STATUSES as readonly string[]).includes(body.status)) return { error: "Status inválido." };
  let customFields: CustomValues;
  try {
    customFields = validateCustomFields(fields, custom);
  } catch (error) {
    return { error: error instanceof AppError ? error.message : "Campo personalizado inválido." };
  }
  return {
    contact: {
      name: body.name,
      email: body.email ?? null,
      phone: body.phone ?? null,
      whatsapp: body.whatsapp ?? null,
      document: body.document ?? null,
      position: body.position ?? null,
      city: body.city ?? null,
      state: body.state ?? null,
      source: body.source ?? null,
      notes: body.notes ?? null,
      status: body.status,
      tags: body.tags,
      customFields,
    },
  };
}

/** The duplicate keys (e-mail, phone, document) of a contact. */
export const duplicateKeysOf = (c: { email: string | null; phone: string | null; document: string | null }) =>
  [c.email && `e:${c.email}`, c.phone && `p:${c.phone}`, c.document && `d:${c.document}`].filter(
    (k): k is string => !!k,
  );
