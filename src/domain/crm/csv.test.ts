import { describe, expect, it } from "vitest";
import { excelCsvWriter, neutraliseCell, parseCsv, toExcelCsv } from "./csv.ts";

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
  it("writes the same file piece by piece as whole: BOM and header once, then each batch's lines", () => {
    const header = ["Nome", "Observações", "Valor (R$)"];
    const rows = [
      ["Ana; Bia", 'Diz "olá"', 1500.5],
      ["Caio", "linha 1\nlinha 2", null],
      [" espaço ", "+55 11 99999-0000", "1234,50"],
      ["=HYPERLINK(1)", "@SUM", -3],
    ];
    const csv = excelCsvWriter(header);
    const pieces = [
      csv.rows(rows.slice(0, 1)),
      csv.rows([]),
      csv.rows(rows.slice(1, 3)),
      csv.rows(rows.slice(3)),
      csv.end(),
    ];
    expect(pieces[0].startsWith("\uFEFFNome;Observações;Valor (R$)\r\n")).toBe(true);
    expect(pieces.slice(1).join("")).not.toContain("\uFEFF");
    expect(pieces.join("")).toBe(toExcelCsv(header, rows));
    expect(pieces.join("")).toBe(
      '\uFEFFNome;Observações;Valor (R$)\r\n"Ana; Bia";"Diz ""olá""";1500.5\r\nCaio;"linha 1\nlinha 2";\r\n' +
        "\" espaço \";'+55 11 99999-0000;1234,50\r\n'=HYPERLINK(1);'@SUM;'-3",
    );
    expect(parseCsv(pieces.join("")).rows.map((r) => r.Nome)).toEqual([
      "Ana; Bia",
      "Caio",
      " espaço ",
      "'=HYPERLINK(1)",
    ]);
  });
  it("writes the header line alone when no row comes, and pads short rows to the header", () => {
    const csv = excelCsvWriter(["Nome", "E-mail"]);
    expect(csv.rows([]) + csv.end()).toBe("\uFEFFNome;E-mail\r\n");
    expect(toExcelCsv(["Nome", "E-mail"], [])).toBe("\uFEFFNome;E-mail\r\n");
    expect(toExcelCsv(["Nome", "E-mail"], [["Ana"]])).toBe("\uFEFFNome;E-mail\r\nAna;");
  });
  it("reads semicolon and comma files", () => {
    expect(parseCsv("Nome;E-mail\nAna;ana@x.com\n").rows).toEqual([{ Nome: "Ana", "E-mail": "ana@x.com" }]);
    expect(parseCsv("Nome,E-mail\nAna,ana@x.com\n").rows).toEqual([{ Nome: "Ana", "E-mail": "ana@x.com" }]);
  });
});
