import { eq } from "drizzle-orm";
import { normalizePixKey } from "#domain/pix.ts";
import type { FinanceSettingsBody, FinanceSettingsView } from "#domain/schemas/finance.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { Queryable, Tx } from "../../db/client.ts";
import { financeSettings } from "../../db/schema.ts";
import type { FinanceActor } from "./finance-actor.ts";

const DEFAULTS: FinanceSettingsView = {
  pixKeyType: null,
  pixKey: null,
  pixMerchantName: null,
  pixMerchantCity: null,
  remindersEnabled: false,
  defaultIssRateBp: 0,
};

export async function getFinanceSettings(db: Queryable, agencyId: string): Promise<FinanceSettingsView> {
  const [row] = await db.select().from(financeSettings).where(eq(financeSettings.agencyId, agencyId));
  if (!row) return DEFAULTS;
  const { agencyId: _agency, updatedAt: _updated, ...view } = row;
  return view;
}

/** Saves the Pix key (normalized as the Pix directory stores it) and the reminder switch. */
export async function saveFinanceSettings(
  tx: Tx,
  actor: FinanceActor,
  body: FinanceSettingsBody,
): Promise<FinanceSettingsView> {
  const pixKey = body.pixKeyType && body.pixKey ? normalizePixKey(body.pixKeyType, body.pixKey) : null;
  const values = { ...body, pixKeyType: pixKey ? body.pixKeyType : null, pixKey, updatedAt: new Date() };
  await tx
    .insert(financeSettings)
    .values({ agencyId: actor.agencyId, ...values })
    .onConflictDoUpdate({ target: financeSettings.agencyId, set: values });
  await recordAudit(tx, actor, {
    action: "update_settings",
    resourceType: "agency_settings",
    resourceId: actor.agencyId,
    details: {
      finance: {
        pixKeyType: values.pixKeyType,
        remindersEnabled: body.remindersEnabled,
        defaultIssRateBp: body.defaultIssRateBp,
      },
    },
  });
  return getFinanceSettings(tx, actor.agencyId);
}
