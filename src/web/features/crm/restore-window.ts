/** A deleted record can be restored for 30 days after its deletion (the server refuses later). */
export const RESTORE_DAYS = 30;

export function restoreDeadline(deletedAt: string | Date): Date {
  const deleted = new Date(deletedAt);
  return new Date(deleted.getTime() + RESTORE_DAYS * 24 * 60 * 60 * 1000);
}
