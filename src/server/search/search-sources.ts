import { companySearchSource, contactSearchSource, dealSearchSource } from "../features/crm/search-source.ts";
import type { SearchSource } from "./search-source.ts";

/** Every module's global-search source; a module that lands adds its own line here. */
export const SEARCH_SOURCES: SearchSource[] = [contactSearchSource, companySearchSource, dealSearchSource];
