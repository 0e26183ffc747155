import { z } from "zod";

/**
 * zod's own messages (for checks a schema gives no text of its own) in pt-BR, so no English
 * ever reaches a user. Imported for its effect by the server's route registration.
 */
z.config(z.locales.ptBR());
