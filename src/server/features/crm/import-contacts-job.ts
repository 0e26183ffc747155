import type { RecordScope } from "#domain/permissions.ts";
import { defineJob } from "../../jobs/job-handler.ts";
import { IMPORT_CHUNK, markImportFailed, runImport } from "./run-import.ts";

export const IMPORT_CONTACTS_JOB = "crm_import_contacts";

export type ImportContactsPayload = {
  importId: string;
  /** The importer's record scope on contacts when the import started. */
  scope: RecordScope;
  duplicates: "skip" | "merge";
  /**
   * The CSV's rows by the file's own headers (the file was checked whole before), and which column
   * becomes which field; a payload without mapping (queued before it existed) holds mapped rows.
   */
  rows: Record<string, string>[];
  mapping?: [string, string][];
};

/**
 * A CRM contact import, in the background (it survives a restart): runs as its owner inside the
 * agency, resumes after the last committed chunk when retried, and marks the import failed only
 * when its last attempt fails.
 */
export const importContactsJob = defineJob<ImportContactsPayload>({
  name: IMPORT_CONTACTS_JOB,
  maxAttempts: 3,
  async handler(deps, { payload, agencyId, ownerId, tenant, attempt, maxAttempts }) {
    if (!agencyId || !ownerId) throw new Error("importação sem agência ou sem dono");
    const importer = { agencyId, scope: payload.scope, user: { id: ownerId } };
    try {
      const chunkRows = IMPORT_CHUNK[deps.database.kind];
      await runImport(tenant, importer, payload.importId, payload.rows, payload.duplicates, chunkRows, payload.mapping);
    } catch (error) {
      if (attempt >= maxAttempts) await markImportFailed(tenant, payload.importId);
      throw error;
    }
  },
});
