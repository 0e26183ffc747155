import { companySearchSource, contactSearchSource, dealSearchSource } from "../features/crm/search-source.ts";
import { invoiceSearchSource, quoteSearchSource } from "../features/finance/search-source.ts";
import { projectSearchSource } from "../features/projects/search-source.ts";
import { taskSearchSource } from "../features/tasks/search-source.ts";
import type { SearchSource } from "./search-source.ts";

/** Every module's global-search source; a module that lands adds its own line here. */
export const SEARCH_SOURCES: SearchSource[] = [
  contactSearchSource,
  companySearchSource,
  dealSearchSource,
  projectSearchSource,
  taskSearchSource,
  quoteSearchSource,
  invoiceSearchSource,
];
