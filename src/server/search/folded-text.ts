import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { foldSearch } from "#domain/crm/search-text.ts";

/**
 * `%fragment%` for LIKE against folded text: the fragment folded by the same mapping as SQL
 * crm_fold (lower case, no accents), its wildcards escaped.
 */
export function foldedFragmentPattern(text: string): string {
  return `%${foldSearch(text.trim()).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Whether a column's text holds the fragment, case and accents aside (every search source's rule). */
export function foldedContains(column: AnyColumn | SQL, text: string): SQL {
  return sql`crm_fold(${column}) LIKE ${foldedFragmentPattern(text)}`;
}

/** Whether a column's text is the fragment itself, case and accents aside (ranks an exact name first). */
export function foldedEquals(column: AnyColumn | SQL, text: string): SQL {
  return sql`crm_fold(${column}) = ${foldSearch(text.trim())}`;
}
