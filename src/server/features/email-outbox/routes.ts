import { outboxMailListSchema } from "#domain/schemas/email-outbox.ts";
import { defineRoute, SUPER_ADMIN } from "../../http/route.ts";
import { listUndeliveredMail } from "./list-undelivered-mail.ts";

/** Super Admin (owner connection: the outbox is platform data, not a tenant's): mails the outbox job has not delivered (failed after its last attempt, or pending). */
export const emailOutboxRoutes = [
  defineRoute({
    method: "GET",
    path: "/api/admin/email-outbox",
    access: SUPER_ADMIN,
    response: outboxMailListSchema,
    summary: "E-mails não entregues (com falha ou aguardando envio)",
    handler: async ({ deps }) => ({ mails: await listUndeliveredMail(deps.database.owner) }),
  }),
];
