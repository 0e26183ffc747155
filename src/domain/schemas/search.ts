import { z } from "zod";

export const SEARCH_MESSAGES = {
  tooShort: "Digite ao menos 2 caracteres",
  tooLong: "Busca muito longa",
  empty: "Nenhum resultado encontrado",
  failed: "Erro ao buscar",
} as const;

export const searchQuerySchema = z.object({
  q: z.string().trim().min(2, { error: SEARCH_MESSAGES.tooShort }).max(100, { error: SEARCH_MESSAGES.tooLong }),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  /** At most this many hits of one record type (the palette's groups): one type cannot push the others out. */
  perType: z.coerce.number().int().min(1).max(50).optional(),
});

export const searchHitSchema = z.object({
  recordType: z.string(),
  id: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  href: z.string(),
  rank: z.number(),
});

export const searchResultSchema = z.object({ hits: z.array(searchHitSchema) });
export type SearchResult = z.infer<typeof searchResultSchema>;
