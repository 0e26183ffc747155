import { describe, expect, it } from "vitest";
import { neutraliseCell, parseCsv, toExcelCsv } from "./csv.ts";

describe("CSV", () => {
  it("neutralises formula cells on export", () => {
    expect(neutraliseCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(neutraliseCell("-2+3")).toBe("'-2+3");
    expect(neutraliseCell("@SUM")).toBe("'@SUM");
    expect(neutraliseCell("Ana")).toBe("Ana");
  });
  it("writes semicolons with a BOM", () => {
    const csv = toExcelCsv(
      ["Nome", "Cidade"],
      [
        ["João", "São Paulo"],
        ["=1+1", null],
      ],
    );
    expect(csv.startsWith("\uFEFFNome;Cidade\r\nJoão;São Paulo\r\n'=1+1;")).toBe(true);
  });
  it("reads semicolon and comma files", () => {
    expect(parseCsv("Nome;E-mail\nAna;ana@x.com\n").rows).toEqual([{ Nome: "Ana", "E-mail": "ana@x.com" }]);
    expect(parseCsv("Nome,E-mail\nAna,ana@x.com\n").rows).toEqual([{ Nome: "Ana", "E-mail": "ana@x.com" }]);
  });
});
