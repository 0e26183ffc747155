import { eq } from "drizzle-orm";
import { staticBrCode } from "#domain/pix.ts";
import type { Queryable } from "../../db/client.ts";
import { financeSettings } from "../../db/schema.ts";
import type { AgencyFacts } from "./finance-actor.ts";

export type PixPayee = { key: string; name: string; city: string };

/** Who receives the agency's Pix, or null while no key is registered. */
export async function pixPayeeOf(db: Queryable, agency: AgencyFacts): Promise<PixPayee | null> {
  const [settings] = await db.select().from(financeSettings).where(eq(financeSettings.agencyId, agency.id));
  if (!settings?.pixKey) return null;
  return {
    key: settings.pixKey,
    name: settings.pixMerchantName || agency.name,
    city: settings.pixMerchantCity || agency.city || "Brasil",
  };
}

/** The "copia e cola" code of an invoice's open balance, with the invoice number as txid. */
export function invoicePixCode(payee: PixPayee, invoice: { number: number | null; balanceCents: number }) {
  const txid = `FAT${String(invoice.number ?? 0).padStart(6, "0")}`;
  const code = staticBrCode({
    pixKey: payee.key,
    merchantName: payee.name,
    merchantCity: payee.city,
    amountCents: invoice.balanceCents,
    txid,
  });
  return { code, txid };
}
