import { eq } from "drizzle-orm";
import { dateInZone } from "#domain/calendar-date.ts";
import { actorOf } from "../../audit/audit-actor.ts";
import type { AuditActor } from "../../audit/record-audit.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import type { Queryable } from "../../db/client.ts";
import { agencies } from "../../db/schema.ts";

/** Who changes finance records: the audit actor, with the agency it acts in. */
export type FinanceActor = AuditActor & { agencyId: string };

export function financeActor(
  user: SessionUser,
  agencyId: string,
  request: { ip: string | null; userAgent: string | null },
): FinanceActor {
  return { ...actorOf(user, agencyId, request), agencyId };
}

export type AgencyFacts = {
  id: string;
  name: string;
  taxId: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  primaryColor: string;
  timezone: string;
  currency: string;
  logoUrl: string | null;
};

export async function agencyFacts(db: Queryable, agencyId: string): Promise<AgencyFacts> {
  const [row] = await db
    .select({
      id: agencies.id,
      name: agencies.name,
      taxId: agencies.taxId,
      address: agencies.address,
      city: agencies.city,
      state: agencies.state,
      zipCode: agencies.zipCode,
      contactEmail: agencies.contactEmail,
      contactPhone: agencies.contactPhone,
      primaryColor: agencies.primaryColor,
      timezone: agencies.timezone,
      currency: agencies.currency,
      logoUrl: agencies.logoUrl,
    })
    .from(agencies)
    .where(eq(agencies.id, agencyId));
  return row;
}

/** The agency's time zone (São Paulo when none is set): where its calendar days and months begin. */
export function timeZoneOf(agency: Pick<AgencyFacts, "timezone">): string {
  return agency.timezone || "America/Sao_Paulo";
}

/** Today in the agency's time zone (due dates and "vencida" are calendar days there). */
export function todayOf(agency: Pick<AgencyFacts, "timezone">, now: Date): string {
  return dateInZone(now, timeZoneOf(agency));
}

/** Each agency's today at `now`, read once per agency however many of its records a job walks. */
export function agencyToday(db: Queryable, now: Date): (agencyId: string) => Promise<string> {
  const todays = new Map<string, Promise<string>>();
  return (agencyId) => {
    let today = todays.get(agencyId);
    if (!today) {
      today = agencyFacts(db, agencyId).then((agency) => todayOf(agency, now));
      todays.set(agencyId, today);
    }
    return today;
  };
}
