import type { RecordScope } from "#domain/permissions.ts";
import type { AuditActor } from "../../audit/record-audit.ts";
import type { SessionUser } from "../../auth/session-user.ts";

/** Who acts on the CRM and over which records: the agency, and all of them or only its own. */
export type CrmContext = {
  agencyId: string;
  user: SessionUser;
  scope: RecordScope;
  actor: AuditActor;
};
