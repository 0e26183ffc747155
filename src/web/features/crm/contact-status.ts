import { CONTACT_STATUSES, type ContactStatus } from "#domain/schemas/crm.ts";

/** What a person reads for each contact status; the value sent to the server stays the lowercase one. */
export const STATUS_LABELS: Record<ContactStatus, string> = {
  lead: "Lead",
  cliente: "Cliente",
  ativo: "Ativo",
  inativo: "Inativo",
};

/** The statuses as Select/Menu options: value kept, label shown. */
export const STATUS_OPTIONS = CONTACT_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));

export function statusLabel(status: string): string {
  return STATUS_LABELS[status as ContactStatus] ?? status;
}
