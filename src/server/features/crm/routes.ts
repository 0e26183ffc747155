import { z } from "zod";
import type { Module } from "#domain/modules.ts";
import {
  activityInputSchema,
  boardSchema,
  bulkContactsSchema,
  bulkResultSchema,
  CRM_MESSAGES,
  type CrmRecordType,
  companiesPageSchema,
  companyInputSchema,
  companyListQuerySchema,
  companySchema,
  companyUpdateSchema,
  contactInputSchema,
  contactListQuerySchema,
  contactSchema,
  contactsPageSchema,
  contactSummarySchema,
  contactUpdateSchema,
  crmPeopleQuerySchema,
  crmPeopleSchema,
  crmReportSchema,
  customFieldInputSchema,
  customFieldOrderSchema,
  customFieldSchema,
  customFieldUpdateSchema,
  customFieldsSchema,
  dealInputSchema,
  dealExportQuerySchema,
  dealListQuerySchema,
  dealOutcomeSchema,
  dealSchema,
  dealsPageSchema,
  dealUpdateSchema,
  importInputSchema,
  importStatusSchema,
  MAX_IMPORT_BYTES,
  mergeContactsSchema,
  moveDealSchema,
  okSchema,
  pipelinesSchema,
  recordTaskSchema,
  reportQuerySchema,
  savedViewInputSchema,
  savedViewSchema,
  savedViewsSchema,
  timelinePageSchema,
  timelineQuerySchema,
} from "#domain/schemas/crm.ts";
import { can } from "../../auth/can.ts";
import { recordScopeOf } from "../../auth/record-scope.ts";
import type { Tx } from "../../db/client.ts";
import { enqueueJob } from "../../jobs/enqueue-job.ts";
import { AppError, MESSAGES } from "../../http/errors.ts";
import { downloadByPieces } from "../../http/download-by-pieces.ts";
import { StalledClientError, type WritePiece } from "../../http/streamed-attachment.ts";
import { agencyOf, uuidParam } from "../../http/params.ts";
import { IMPORT_CONTACTS_JOB, type ImportContactsPayload } from "./import-contacts-job.ts";
import { defineRoute, needs, type RouteContext } from "../../http/route.ts";
import { bulkContacts } from "./bulk-contacts.ts";
import { findCompany } from "./company-row.ts";
import { findContact } from "./contact-row.ts";
import { contactSummary } from "./contact-summary.ts";
import { createContact } from "./create-contact.ts";
import { createDeal } from "./create-deal.ts";
import type { CrmContext } from "./crm-context.ts";
import { crmReport } from "./crm-report.ts";
import { reorderCustomFields } from "./custom-field-order.ts";
import { createCustomField, deleteCustomField, listCustomFields, updateCustomField } from "./custom-fields.ts";
import { findDeal } from "./deal-row.ts";
import { CONTACT_RECORDS, deleteContacts } from "./delete-contact.ts";
import { deleteDeal } from "./delete-deal.ts";
import { exportCompanies, exportContacts, exportDeals } from "./export-records.ts";
import { getImport } from "./get-import.ts";
import { listCompanies } from "./list-companies.ts";
import { listCrmPeople } from "./list-crm-people.ts";
import { listContacts } from "./list-contacts.ts";
import { listDeals } from "./list-deals.ts";
import { listPipelines } from "./list-pipelines.ts";
import { listTimeline } from "./list-timeline.ts";
import { loadBoard, loadColumnPage } from "./load-board.ts";
import { createRecordTask, logActivity } from "./log-activity.ts";
import { mergeContacts } from "./merge-contacts.ts";
import { moveDeal } from "./move-deal.ts";
import { pipelineSettingsRoutes } from "./pipeline-settings-routes.ts";
import { createSavedView, deleteSavedView, listSavedViews } from "./saved-views.ts";
import { COMPANY_RECORDS, createCompany, deleteCompany, updateCompany } from "./save-company.ts";
import { restoreRecord } from "./restore-record.ts";
import { setDealOutcome } from "./set-deal-outcome.ts";
import { startImport } from "./start-import.ts";
import { updateContact } from "./update-contact.ts";
import { updateDeal } from "./update-deal.ts";

type Ctx = RouteContext<unknown, unknown, ReturnType<typeof needs>>;

/** Runs fn in the tenant transaction with the caller's record scope on `module`. */
function crm<T>(
  ctx: Ctx,
  module: Module,
  fn: (tx: Tx, crmCtx: CrmContext) => Promise<T>,
  options?: Parameters<Ctx["tenant"]>[1],
): Promise<T> {
  const agencyId = agencyOf(ctx.user);
  return ctx.tenant(async (tx) => {
    const scope = await recordScopeOf(tx, ctx.user, module);
    return fn(tx, { agencyId, user: ctx.user, scope, actor: { userId: ctx.user.id, agencyId, ...ctx.request } });
  }, options);
}

/**
 * An export's CSV sent piece by piece as its pages are read, all in one read-only transaction on
 * one snapshot (REPEATABLE READ), so a row edited or moved while the pages are read is neither
 * lost nor doubled; record scope and row-level security as every CRM read. A failure once the
 * download has started cuts it and is logged (download-by-pieces.ts).
 */
function csvExport(
  ctx: Ctx,
  module: Module,
  name: string,
  pieces: (tx: Tx, crmCtx: CrmContext) => AsyncIterable<string>,
): Promise<Response> {
  const headers = {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`,
  };
  const writeAll = (write: WritePiece) =>
    crm(
      ctx,
      module,
      async (tx, c) => {
        for await (const piece of pieces(tx, c)) await write(piece);
      },
      { repeatableRead: true },
    );
  return downloadByPieces(ctx.deps.database.kind, headers, writeAll, (error) => {
    const isClientSide = ctx.c.req.raw.signal.aborted || error instanceof StalledClientError;
    ctx.deps.logger[isClientSide ? "warn" : "error"]({ err: error, isClientSide }, `exportação ${name} interrompida`);
  });
}
const CSV_ANSWER = { contentType: "text/csv", description: "CSV (ponto e vírgula, UTF-8 com BOM)" };

const idOf = (ctx: Ctx, message: string) => uuidParam(ctx.params, "id", message);

const RECORD_ROUTES: { type: CrmRecordType; path: string; module: Module; notFound: string }[] = [
  { type: "contact", path: "contacts", module: "crm_contatos", notFound: CRM_MESSAGES.contactNotFound },
  { type: "company", path: "companies", module: "crm_contatos", notFound: CRM_MESSAGES.companyNotFound },
  { type: "deal", path: "deals", module: "crm_pipelines", notFound: CRM_MESSAGES.dealNotFound },
];

const moduleOfPath = (path: string): Module => RECORD_ROUTES.find((r) => r.path === path)?.module ?? "crm_contatos";

const taskCreatedSchema = z.object({ id: z.uuid() });

/** Timeline, activities and tasks of each CRM record kind. */
const recordRoutes = RECORD_ROUTES.flatMap(({ type, path, module, notFound }) => [
  defineRoute({
    method: "GET",
    path: `/api/crm/${path}/:id/timeline`,
    access: needs(module, "view"),
    query: timelineQuerySchema,
    response: timelinePageSchema,
    summary: "Linha do tempo do registro, mais recentes primeiro",
    handler: (ctx) =>
      crm(ctx as Ctx, module, (tx, c) => listTimeline(tx, c, type, idOf(ctx as Ctx, notFound), ctx.query)),
  }),
  defineRoute({
    method: "POST",
    path: `/api/crm/${path}/:id/activities`,
    access: needs(module, "edit"),
    body: activityInputSchema,
    response: okSchema,
    summary: "Registra nota, ligação, reunião ou e-mail no registro",
    handler: async (ctx) => {
      await crm(ctx as Ctx, module, (tx, c) =>
        logActivity(tx, c, type, idOf(ctx as Ctx, notFound), ctx.body, ctx.deps.now()),
      );
      return ctx.c.json({ success: true, message: "Atividade registrada." }, 201);
    },
  }),
  defineRoute({
    method: "POST",
    path: `/api/crm/${path}/:id/tasks`,
    access: needs(module, "edit"),
    body: recordTaskSchema,
    response: taskCreatedSchema,
    summary: "Cria uma tarefa com prazo e responsável ligada ao registro",
    handler: async (ctx) =>
      ctx.c.json(
        await crm(ctx as Ctx, module, (tx, c) => createRecordTask(tx, c, type, idOf(ctx as Ctx, notFound), ctx.body)),
        201,
      ),
  }),
]);

const contactRoutes = [
  defineRoute({
    method: "GET",
    path: "/api/crm/contacts",
    access: needs("crm_contatos", "view"),
    query: contactListQuerySchema,
    response: contactsPageSchema,
    summary: "Lista contatos com busca, filtros, ordenação e paginação por cursor",
    handler: (ctx) => crm(ctx as Ctx, "crm_contatos", (tx, c) => listContacts(tx, c, ctx.query)),
  }),
  defineRoute({
    method: "GET",
    path: "/api/crm/contacts/summary",
    access: needs("crm_contatos", "view"),
    response: contactSummarySchema,
    summary: "Cartões Total, Leads, Clientes e Este Mês",
    handler: (ctx) => crm(ctx as Ctx, "crm_contatos", (tx, c) => contactSummary(tx, c, ctx.deps.now())),
  }),
  defineRoute({
    method: "GET",
    path: "/api/crm/contacts/export",
    access: needs("crm_contatos", "view"),
    query: contactListQuerySchema,
    response: CSV_ANSWER,
    summary: "Exporta a lista filtrada de contatos em CSV",
    handler: (ctx) => csvExport(ctx as Ctx, "crm_contatos", "contatos", (tx, c) => exportContacts(tx, c, ctx.query)),
  }),
  defineRoute({
    method: "POST",
    path: "/api/crm/contacts",
    access: needs("crm_contatos", "create"),
    body: contactInputSchema,
    response: contactSchema,
    summary: "Cria um contato (409 com os possíveis duplicados)",
    handler: async (ctx) =>
      ctx.c.json(await crm(ctx as Ctx, "crm_contatos", (tx, c) => createContact(tx, c, ctx.body)), 201),
  }),
  defineRoute({
    method: "GET",
    path: "/api/crm/contacts/:id",
    access: needs("crm_contatos", "view"),
    response: contactSchema,
    summary: "Um contato",
    handler: async (ctx) => {
      const id = idOf(ctx as Ctx, CRM_MESSAGES.contactNotFound);
      const contact = await crm(ctx as Ctx, "crm_contatos", (tx, c) => findContact(tx, c, id));
      if (!contact) throw new AppError("not_found", CRM_MESSAGES.contactNotFound);
      return contact;
    },
  }),
  defineRoute({
    method: "PUT",
    path: "/api/crm/contacts/:id",
    access: needs("crm_contatos", "edit"),
    body: contactUpdateSchema,
    response: contactSchema,
    summary: "Atualiza um contato (409 se outra pessoa o alterou)",
    handler: (ctx) =>
      crm(ctx as Ctx, "crm_contatos", (tx, c) =>
        updateContact(tx, c, idOf(ctx as Ctx, CRM_MESSAGES.contactNotFound), ctx.body),
      ),
  }),
  defineRoute({
    method: "DELETE",
    path: "/api/crm/contacts/:id",
    access: needs("crm_contatos", "delete"),
    response: okSchema,
    summary: "Exclui um contato (desfazer em até 30 dias)",
    handler: async (ctx) => {
      const id = idOf(ctx as Ctx, CRM_MESSAGES.contactNotFound);
      const n = await crm(ctx as Ctx, "crm_contatos", (tx, c) => deleteContacts(tx, c, [id], ctx.deps.now()));
      if (!n) throw new AppError("not_found", CRM_MESSAGES.contactNotFound);
      return { success: true, message: CRM_MESSAGES.contactDeleted };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/crm/contacts/:id/restore",
    access: needs("crm_contatos", "delete"),
    response: okSchema,
    summary: "Desfaz a exclusão de um contato",
    handler: async (ctx) => {
      const id = idOf(ctx as Ctx, CRM_MESSAGES.contactNotFound);
      await crm(ctx as Ctx, "crm_contatos", (tx, c) => restoreRecord(tx, c, CONTACT_RECORDS, id, ctx.deps.now()));
      return { success: true, message: CRM_MESSAGES.restored };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/crm/contacts/bulk",
    access: needs("crm_contatos", "edit"),
    body: bulkContactsSchema,
    response: bulkResultSchema,
    summary: "Ação em massa: responsável, tag, status ou exclusão",
    handler: async (ctx) => {
      const updated = await crm(ctx as Ctx, "crm_contatos", async (tx, c) => {
        // Deleting a selection needs crm_contatos:delete besides the route's edit.
        if (ctx.body.action.kind === "delete" && !(await can(tx, ctx.user, "crm_contatos", "delete")))
          throw new AppError("forbidden", MESSAGES.forbidden);
        return bulkContacts(tx, c, ctx.body, ctx.deps.now());
      });
      return { updated };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/crm/contacts/merge",
    access: needs("crm_contatos", "edit"),
    body: mergeContactsSchema,
    response: contactSchema,
    summary: "Mescla dois contatos sem perder dados",
    handler: (ctx) =>
      crm(ctx as Ctx, "crm_contatos", (tx, c) =>
        mergeContacts(tx, c, ctx.body.keepId, ctx.body.mergeId, ctx.deps.now()),
      ),
  }),
  defineRoute({
    method: "POST",
    path: "/api/crm/imports",
    access: needs("crm_contatos", "create"),
    body: importInputSchema,
    bodyLimit: { maxBytes: MAX_IMPORT_BYTES + 1024 * 1024, message: CRM_MESSAGES.csvTooLarge },
    response: importStatusSchema,
    summary: "Importa contatos de um CSV em segundo plano",
    handler: async (ctx) => {
      // The import and its job are written together: the job exists if and only if the import does.
      const status = await crm(ctx as Ctx, "crm_contatos", async (tx, c) => {
        const prepared = await startImport(tx, c, ctx.body);
        const payload: ImportContactsPayload = {
          importId: prepared.importId,
          scope: c.scope,
          duplicates: ctx.body.duplicates,
          rows: prepared.rows,
          mapping: prepared.mapping,
        };
        await enqueueJob(tx, { name: IMPORT_CONTACTS_JOB, payload, agencyId: c.agencyId, ownerId: c.user.id });
        return getImport(tx, c, prepared.importId);
      });
      return ctx.c.json(status, 202);
    },
  }),
  defineRoute({
    method: "GET",
    path: "/api/crm/imports/:id",
    access: needs("crm_contatos", "view"),
    response: importStatusSchema,
    summary: "Progresso de uma importação (somente quem a iniciou)",
    handler: (ctx) =>
      crm(ctx as Ctx, "crm_contatos", (tx, c) => getImport(tx, c, idOf(ctx as Ctx, CRM_MESSAGES.importNotFound))),
  }),
];

const companyRoutes = [
  defineRoute({
    method: "GET",
    path: "/api/crm/companies",
    access: needs("crm_contatos", "view"),
    query: companyListQuerySchema,
    response: companiesPageSchema,
    summary: "Lista empresas com busca e paginação por cursor",
    handler: (ctx) => crm(ctx as Ctx, "crm_contatos", (tx, c) => listCompanies(tx, c, ctx.query)),
  }),
  defineRoute({
    method: "GET",
    path: "/api/crm/companies/export",
    access: needs("crm_contatos", "view"),
    query: companyListQuerySchema,
    response: CSV_ANSWER,
    summary: "Exporta a lista filtrada de empresas em CSV",
    handler: (ctx) => csvExport(ctx as Ctx, "crm_contatos", "empresas", (tx, c) => exportCompanies(tx, c, ctx.query)),
  }),
  defineRoute({
    method: "POST",
    path: "/api/crm/companies",
    access: needs("crm_contatos", "create"),
    body: companyInputSchema,
    response: companySchema,
    summary: "Cria uma empresa",
    handler: async (ctx) =>
      ctx.c.json(await crm(ctx as Ctx, "crm_contatos", (tx, c) => createCompany(tx, c, ctx.body)), 201),
  }),
  defineRoute({
    method: "GET",
    path: "/api/crm/companies/:id",
    access: needs("crm_contatos", "view"),
    response: companySchema,
    summary: "Uma empresa",
    handler: async (ctx) => {
      const id = idOf(ctx as Ctx, CRM_MESSAGES.companyNotFound);
      const company = await crm(ctx as Ctx, "crm_contatos", (tx, c) => findCompany(tx, c, id));
      if (!company) throw new AppError("not_found", CRM_MESSAGES.companyNotFound);
      return company;
    },
  }),
  defineRoute({
    method: "PUT",
    path: "/api/crm/companies/:id",
    access: needs("crm_contatos", "edit"),
    body: companyUpdateSchema,
    response: companySchema,
    summary: "Atualiza uma empresa (409 se outra pessoa a alterou)",
    handler: (ctx) =>
      crm(ctx as Ctx, "crm_contatos", (tx, c) =>
        updateCompany(tx, c, idOf(ctx as Ctx, CRM_MESSAGES.companyNotFound), ctx.body),
      ),
  }),
  defineRoute({
    method: "DELETE",
    path: "/api/crm/companies/:id",
    access: needs("crm_contatos", "delete"),
    response: okSchema,
    summary: "Exclui uma empresa (desfazer em até 30 dias)",
    handler: async (ctx) => {
      const id = idOf(ctx as Ctx, CRM_MESSAGES.companyNotFound);
      await crm(ctx as Ctx, "crm_contatos", (tx, c) => deleteCompany(tx, c, id, ctx.deps.now()));
      return { success: true, message: "Empresa excluída." };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/crm/companies/:id/restore",
    access: needs("crm_contatos", "delete"),
    response: okSchema,
    summary: "Desfaz a exclusão de uma empresa (até 30 dias)",
    handler: async (ctx) => {
      const id = idOf(ctx as Ctx, CRM_MESSAGES.companyNotFound);
      await crm(ctx as Ctx, "crm_contatos", (tx, c) => restoreRecord(tx, c, COMPANY_RECORDS, id, ctx.deps.now()));
      return { success: true, message: CRM_MESSAGES.restored };
    },
  }),
];

const dealRoutes = [
  defineRoute({
    method: "GET",
    path: "/api/crm/pipelines",
    access: needs("crm_pipelines", "view"),
    response: pipelinesSchema,
    summary: "Funis da agência com suas etapas",
    handler: async (ctx) => ({
      pipelines: await crm(ctx as Ctx, "crm_pipelines", (tx, c) => listPipelines(tx, c.agencyId)),
    }),
  }),
  defineRoute({
    method: "GET",
    path: "/api/crm/board",
    access: needs("crm_pipelines", "view"),
    query: dealListQuerySchema,
    response: boardSchema,
    summary: "Quadro do funil: 50 primeiros cartões por etapa, contagens, totais e previsão ponderada",
    handler: (ctx) => crm(ctx as Ctx, "crm_pipelines", (tx, c) => loadBoard(tx, c, ctx.query)),
  }),
  defineRoute({
    method: "GET",
    path: "/api/crm/board/stages/:id",
    access: needs("crm_pipelines", "view"),
    query: dealListQuerySchema,
    response: dealsPageSchema,
    summary: "Próximos cartões de uma etapa",
    handler: (ctx) =>
      crm(ctx as Ctx, "crm_pipelines", (tx, c) =>
        loadColumnPage(tx, c, idOf(ctx as Ctx, CRM_MESSAGES.stageNotFound), ctx.query.cursor, ctx.query),
      ),
  }),
  defineRoute({
    method: "GET",
    path: "/api/crm/deals",
    access: needs("crm_pipelines", "view"),
    query: dealListQuerySchema,
    response: dealsPageSchema,
    summary: "Lista de oportunidades com filtros",
    handler: (ctx) => crm(ctx as Ctx, "crm_pipelines", (tx, c) => listDeals(tx, c, ctx.query)),
  }),
  defineRoute({
    method: "GET",
    path: "/api/crm/deals/export",
    access: needs("crm_pipelines", "view"),
    query: dealExportQuerySchema,
    response: CSV_ANSWER,
    summary: "Exporta a lista filtrada de oportunidades em CSV",
    handler: (ctx) => csvExport(ctx as Ctx, "crm_pipelines", "oportunidades", (tx, c) => exportDeals(tx, c, ctx.query)),
  }),
  defineRoute({
    method: "POST",
    path: "/api/crm/deals",
    access: needs("crm_pipelines", "create"),
    body: dealInputSchema,
    response: dealSchema,
    summary: "Cria uma oportunidade (e o contato, se pedido)",
    handler: async (ctx) =>
      ctx.c.json(await crm(ctx as Ctx, "crm_pipelines", (tx, c) => createDeal(tx, c, ctx.body)), 201),
  }),
  defineRoute({
    method: "GET",
    path: "/api/crm/deals/:id",
    access: needs("crm_pipelines", "view"),
    response: dealSchema,
    summary: "Uma oportunidade",
    handler: async (ctx) => {
      const id = idOf(ctx as Ctx, CRM_MESSAGES.dealNotFound);
      const deal = await crm(ctx as Ctx, "crm_pipelines", (tx, c) => findDeal(tx, c, id));
      if (!deal || deal.deletedAt) throw new AppError("not_found", CRM_MESSAGES.dealNotFound);
      const { deletedAt: _d, ...rest } = deal;
      return rest;
    },
  }),
  defineRoute({
    method: "PATCH",
    path: "/api/crm/deals/:id",
    access: needs("crm_pipelines", "edit"),
    body: dealUpdateSchema,
    response: dealSchema,
    summary: "Atualiza uma oportunidade (409 se outra pessoa a alterou)",
    handler: (ctx) =>
      crm(ctx as Ctx, "crm_pipelines", (tx, c) =>
        updateDeal(tx, c, idOf(ctx as Ctx, CRM_MESSAGES.dealNotFound), ctx.body, ctx.deps.now()),
      ),
  }),
  defineRoute({
    method: "POST",
    path: "/api/crm/deals/:id/move",
    access: needs("crm_pipelines", "edit"),
    body: moveDealSchema,
    response: dealSchema,
    reusesSession: true,
    summary: "Move a oportunidade para uma etapa e posição",
    handler: ({ user, tenantRows, tenantWrite, request, body, deps, params }) =>
      moveDeal(
        { read: tenantRows, write: tenantWrite },
        { agencyId: agencyOf(user), userId: user.id, ...request },
        uuidParam(params, "id", CRM_MESSAGES.dealNotFound),
        body,
        deps.now(),
      ),
  }),
  defineRoute({
    method: "POST",
    path: "/api/crm/deals/:id/outcome",
    access: needs("crm_pipelines", "edit"),
    body: dealOutcomeSchema,
    response: dealSchema,
    summary: "Marca a oportunidade como ganha, perdida (com motivo) ou reaberta",
    handler: (ctx) =>
      crm(ctx as Ctx, "crm_pipelines", (tx, c) =>
        setDealOutcome(tx, c, idOf(ctx as Ctx, CRM_MESSAGES.dealNotFound), ctx.body, ctx.deps.now()),
      ),
  }),
  defineRoute({
    method: "DELETE",
    path: "/api/crm/deals/:id",
    access: needs("crm_pipelines", "delete"),
    response: okSchema,
    summary: "Exclui uma oportunidade",
    handler: async (ctx) => {
      const id = idOf(ctx as Ctx, CRM_MESSAGES.dealNotFound);
      await crm(ctx as Ctx, "crm_pipelines", (tx, c) => deleteDeal(tx, c, id, ctx.deps.now()));
      return { success: true, message: "Oportunidade excluída." };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/api/crm/reports",
    access: needs("crm_relatorios", "view"),
    query: reportQuerySchema,
    response: crmReportSchema,
    summary: "Relatórios do CRM no período",
    handler: (ctx) => crm(ctx as Ctx, "crm_relatorios", (tx, c) => crmReport(tx, c, ctx.query.from, ctx.query.to)),
  }),
];

const settingsRoutes = [
  defineRoute({
    method: "GET",
    path: "/api/crm/people",
    access: needs("crm_contatos", "view"),
    query: crmPeopleQuerySchema,
    response: crmPeopleSchema,
    summary: "Membros da agência e quais o usuário pode escolher como responsável de um registro do tipo pedido",
    // Contacts and companies follow crm_contatos' record scope, deals crm_pipelines' (RECORD_ROUTES).
    handler: (ctx) => crm(ctx as Ctx, moduleOfPath(ctx.query.for), listCrmPeople),
  }),
  defineRoute({
    method: "GET",
    path: "/api/crm/custom-fields",
    access: needs("crm_contatos", "view"),
    response: customFieldsSchema,
    summary: "Campos personalizados da agência",
    handler: async (ctx) => ({
      fields: await crm(ctx as Ctx, "crm_contatos", (tx, c) => listCustomFields(tx, c.agencyId)),
    }),
  }),
  // Custom fields are managed by whoever may edit the agency's settings (agency manager, decision 014).
  defineRoute({
    method: "POST",
    path: "/api/crm/custom-fields",
    access: needs("configuracoes", "edit"),
    body: customFieldInputSchema,
    response: customFieldSchema,
    summary: "Cria um campo personalizado",
    handler: async (ctx) =>
      ctx.c.json(await crm(ctx as Ctx, "crm_contatos", (tx, c) => createCustomField(tx, c, ctx.body)), 201),
  }),
  defineRoute({
    method: "PUT",
    path: "/api/crm/custom-fields/order",
    access: needs("configuracoes", "edit"),
    body: customFieldOrderSchema,
    response: okSchema,
    summary: "Define a ordem dos campos personalizados de um tipo de registro",
    handler: async (ctx) => {
      await crm(ctx as Ctx, "crm_contatos", (tx, c) => reorderCustomFields(tx, c, ctx.body));
      return { success: true, message: "Ordem dos campos salva." };
    },
  }),
  defineRoute({
    method: "PUT",
    path: "/api/crm/custom-fields/:id",
    access: needs("configuracoes", "edit"),
    body: customFieldUpdateSchema,
    response: customFieldSchema,
    summary: "Edita um campo personalizado (o tipo só muda enquanto nenhum registro tem valor)",
    handler: (ctx) =>
      crm(ctx as Ctx, "crm_contatos", (tx, c) =>
        updateCustomField(tx, c, idOf(ctx as Ctx, CRM_MESSAGES.fieldNotFound), ctx.body),
      ),
  }),
  defineRoute({
    method: "DELETE",
    path: "/api/crm/custom-fields/:id",
    access: needs("configuracoes", "edit"),
    response: okSchema,
    summary: "Remove um campo personalizado",
    handler: async (ctx) => {
      const id = idOf(ctx as Ctx, CRM_MESSAGES.fieldNotFound);
      await crm(ctx as Ctx, "crm_contatos", (tx, c) => deleteCustomField(tx, c, id));
      return { success: true, message: "Campo removido." };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/api/crm/views",
    access: needs("crm_contatos", "view"),
    response: savedViewsSchema,
    summary: "Visualizações salvas do usuário",
    handler: async (ctx) => ({ views: await crm(ctx as Ctx, "crm_contatos", (tx, c) => listSavedViews(tx, c)) }),
  }),
  defineRoute({
    method: "POST",
    path: "/api/crm/views",
    access: needs("crm_contatos", "view"),
    body: savedViewInputSchema,
    response: savedViewSchema,
    summary: "Salva os filtros atuais como visualização",
    handler: async (ctx) =>
      ctx.c.json(await crm(ctx as Ctx, "crm_contatos", (tx, c) => createSavedView(tx, c, ctx.body)), 201),
  }),
  defineRoute({
    method: "DELETE",
    path: "/api/crm/views/:id",
    access: needs("crm_contatos", "view"),
    response: okSchema,
    summary: "Remove uma visualização salva",
    handler: async (ctx) => {
      const id = idOf(ctx as Ctx, CRM_MESSAGES.viewNotFound);
      await crm(ctx as Ctx, "crm_contatos", (tx, c) => deleteSavedView(tx, c, id));
      return { success: true, message: "Visualização removida." };
    },
  }),
];

/** The CRM (issue 16): contacts, companies, deals on pipelines, timeline, import/export, reports. */
export const crmRoutes = [
  ...contactRoutes,
  ...companyRoutes,
  ...dealRoutes,
  ...recordRoutes,
  ...settingsRoutes,
  ...pipelineSettingsRoutes,
];
