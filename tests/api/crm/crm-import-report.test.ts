import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImportStatus } from "#domain/schemas/crm.ts";
import { createJobQueue } from "#server/jobs/start-jobs.ts";
import { errorReportCsv } from "#web/features/crm/import-error-report.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { api, crmAgency, type Member } from "./crm-fixtures.ts";

// QA: the error report's header was "Linha;Motivo;city;name;tags;…" (field names, in jsonb's key
// order). It carries the file's own columns, unmapped ones too, in the file's order.
let t: TestApp;
let aurora: { agencyId: string; manager: Member };
beforeAll(async () => {
  t = await createTestApp();
  aurora = await crmAgency(t, "Aurora");
});
afterAll(() => t.close());

describe("the import's error report", () => {
  it("keeps the file's header and each refused row as the file has it", async () => {
    const call = api(t, aurora.manager);
    const csv = [
      "Nome completo;Cidade;Marcadores;E-mail;Anotações;Celular;UF;Situação;CPF;Coluna ignorada",
      "Ana Souza;Recife;vip;ana@ex.com.br;ligar;(81) 98888-1111;PE;lead;;x",
      "Bruno;Natal;;bruno@;;;RN;lead;;y",
      "Carla; Olinda ;;carla@ex.com.br;;12345;PE;lead;;z",
    ].join("\r\n");
    const started = await call<ImportStatus>("/api/crm/imports", "POST", {
      fileName: "clientes.csv",
      csv,
      mapping: {
        "Nome completo": "name",
        Cidade: "city",
        Marcadores: "tags",
        "E-mail": "email",
        Anotações: "notes",
        Celular: "phone",
        UF: "state",
        Situação: "status",
        CPF: "document",
      },
      duplicates: "skip",
    });
    expect(started.status).toBe(202);
    await createJobQueue(t.deps).drain();
    const status = (await call<ImportStatus>(`/api/crm/imports/${started.body.id}`)).body;
    expect(status).toMatchObject({ importedRows: 1, failedRows: 2 });
    expect(status.columns).toEqual([
      "Nome completo",
      "Cidade",
      "Marcadores",
      "E-mail",
      "Anotações",
      "Celular",
      "UF",
      "Situação",
      "CPF",
      "Coluna ignorada",
    ]);
    const lines = errorReportCsv(status)
      .replace(/^\uFEFF/, "")
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      "Linha;Motivo;Nome completo;Cidade;Marcadores;E-mail;Anotações;Celular;UF;Situação;CPF;Coluna ignorada",
    );
    expect(lines[1]).toBe("3;E-mail inválido.;Bruno;Natal;;bruno@;;;RN;lead;;y");
    expect(lines[2]).toBe(
      `4;Telefone inválido. Use DDD e número, ex.: (11) 98765-4321.;Carla;" Olinda ";;carla@ex.com.br;;12345;PE;lead;;z`,
    );
  });
});
