import type { Module } from "#domain/modules.ts";
import type { RecordScope } from "#domain/permissions.ts";
import type { RecordType } from "#domain/records.ts";
import type { SessionUser } from "../auth/session-user.ts";
import type { Tx } from "../db/client.ts";

/** One record found by the global search (Ctrl+K). */
export type SearchHit = {
  recordType: RecordType;
  id: string;
  /** pt-BR text of the result's first line (the record's name or title). */
  title: string;
  /** Second line: e-mail, company, stage… */
  subtitle: string | null;
  /** Where the web app opens the record, e.g. /app/crm/contatos/<id>. */
  href: string;
  /** Higher ranks first across every source. */
  rank: number;
};

export type SearchContext = {
  user: SessionUser;
  agencyId: string;
  /** The caller's record scope on the source's module: "own" narrows to its own records. */
  scope: RecordScope;
};

/**
 * A module's contribution to the global search. The search service calls only the sources
 * whose module the caller may view, each in a tenant transaction of the caller, and merges by rank.
 * Each module adds its source to SEARCH_SOURCES (search-sources.ts), one line.
 */
export type SearchSource = {
  recordType: RecordType;
  module: Module;
  /** `text` is the user's fragment, trimmed, at least 2 characters. */
  search(tx: Tx, context: SearchContext, text: string, limit: number): Promise<SearchHit[]>;
};
