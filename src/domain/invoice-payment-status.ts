/** The stored statuses an issued invoice moves between as payments are recorded and reversed. */
export type PaidStatus = "emitida" | "parcialmente_paga" | "paga";

/**
 * What its payments make of an issued invoice: nothing paid is "emitida" (shown "vencida" after
 * the due date), part of it "parcialmente_paga", all of it "paga".
 */
export function paidStatusOf(paidCents: number, amountDueCents: number): PaidStatus {
  if (paidCents <= 0) return "emitida";
  return paidCents >= amountDueCents ? "paga" : "parcialmente_paga";
}
