import { CONTACT_STATUS_LABELS, CONTACT_STATUSES, type ContactStatus } from "#domain/schemas/crm.ts";

/** A status as a menu reads it: the spec's word ("lead", "cliente"…) with a capital; the value sent stays the word. */
const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export const STATUS_LABELS = Object.fromEntries(
  CONTACT_STATUSES.map((status) => [status, capitalized(CONTACT_STATUS_LABELS[status])]),
) as Record<ContactStatus, string>;

/** The statuses as Select/Menu options: value kept, label shown. */
export const STATUS_OPTIONS = CONTACT_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));

export function statusLabel(status: string): string {
  return STATUS_LABELS[status as ContactStatus] ?? status;
}
