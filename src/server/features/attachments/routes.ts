import { z } from "zod";
import {
  ATTACHMENT_HARD_MAX_BYTES,
  ATTACHMENT_MESSAGES,
  attachmentListSchema,
  attachmentSchema,
  uploadAttachmentQuerySchema,
} from "#domain/schemas/attachments.ts";
import { agencyOf, uuidParam } from "../../http/params.ts";
import { defineRoute, SIGNED_IN } from "../../http/route.ts";
import { recordTypeParam } from "../timeline/routes.ts";
import { deleteAttachment } from "./delete-attachment.ts";
import { downloadAttachment } from "./download-attachment.ts";
import { listAttachments } from "./list-attachments.ts";
import { guardRecord } from "./record-guard.ts";
import { uploadAttachment } from "./upload-attachment.ts";

const recordOf = (params: Record<string, string>) => ({
  recordType: recordTypeParam(params),
  recordId: uuidParam(params, "recordId", ATTACHMENT_MESSAGES.notFound),
});

/** Files of any record, for whoever may view it; adding and removing need edit on its module. */
export const attachmentRoutes = [
  defineRoute({
    method: "GET",
    path: "/api/records/:recordType/:recordId/attachments",
    access: SIGNED_IN,
    response: attachmentListSchema,
    summary: "Arquivos anexados a um registro",
    handler: async ({ user, tenant, params }) => {
      const agencyId = agencyOf(user);
      const record = recordOf(params);
      return {
        attachments: await tenant(async (tx) => {
          await guardRecord(tx, user, agencyId, record, "view");
          return listAttachments(tx, agencyId, record);
        }),
      };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/records/:recordType/:recordId/attachments",
    access: SIGNED_IN,
    query: uploadAttachmentQuerySchema,
    bodyLimit: { maxBytes: ATTACHMENT_HARD_MAX_BYTES, message: ATTACHMENT_MESSAGES.tooLarge },
    response: attachmentSchema,
    summary: "Anexa um arquivo (corpo binário; nome em ?name=) a um registro",
    handler: async ({ user, tenant, params, query, deps, c }) => {
      const agencyId = agencyOf(user);
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      const file = { name: query.name, bytes };
      return c.json(await uploadAttachment(deps, tenant, user, agencyId, recordOf(params), file), 201);
    },
  }),
  defineRoute({
    method: "GET",
    path: "/api/attachments/:attachmentId",
    access: SIGNED_IN,
    response: { contentType: "*/*", description: "O arquivo, com o tipo verificado no envio, sempre como download" },
    summary: "Baixa um arquivo anexado",
    handler: ({ user, tenant, params, deps }) =>
      downloadAttachment(
        deps,
        tenant,
        user,
        agencyOf(user),
        uuidParam(params, "attachmentId", ATTACHMENT_MESSAGES.notFound),
      ),
  }),
  defineRoute({
    method: "DELETE",
    path: "/api/attachments/:attachmentId",
    access: SIGNED_IN,
    response: z.object({ success: z.boolean(), message: z.string() }),
    summary: "Exclui um arquivo anexado",
    handler: async ({ user, tenant, params, deps }) => {
      const id = uuidParam(params, "attachmentId", ATTACHMENT_MESSAGES.notFound);
      await deleteAttachment(deps, tenant, user, agencyOf(user), id);
      return { success: true, message: ATTACHMENT_MESSAGES.deleted };
    },
  }),
];
