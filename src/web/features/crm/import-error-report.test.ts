import { describe, expect, it } from "vitest";
import { errorReportCsv } from "./import-error-report.ts";

describe("the import's error report", () => {
  it("has Linha, Motivo and the file's own headers in the file's order", () => {
    const csv = errorReportCsv({
      columns: ["Nome completo", "E-mail", "Celular", "Observação"],
      errors: [
        {
          line: 3,
          reason: "E-mail inválido.",
          row: { Observação: "ligar", Celular: "11 9", "E-mail": "x@", "Nome completo": "Ana" },
        },
      ],
    });
    const lines = csv.replace(/^\uFEFF/, "").split(/\r?\n/);
    expect(lines[0]).toBe("Linha;Motivo;Nome completo;E-mail;Celular;Observação");
    expect(lines[1]).toBe("3;E-mail inválido.;Ana;x@;11 9;ligar");
  });
});
