import { describe, expect, it } from "vitest";
import {
  createTemplateSchema,
  importPermissionsSchema,
  importRefused,
  PERMISSION_MESSAGES,
  permissionsExportFileName,
} from "./permissions.ts";

const row = { role: "user", module: "users", can_view: true, can_create: false, can_edit: false, can_delete: false };
const messageOf = (data: unknown) => {
  const result = importPermissionsSchema.safeParse({ data });
  return result.success ? null : result.error.issues[0]?.message;
};

describe("import schema", () => {
  it("needs data, as JSON, of the exported shape", () => {
    expect(messageOf(undefined)).toBe(PERMISSION_MESSAGES.importRequired);
    expect(messageOf("  ")).toBe(PERMISSION_MESSAGES.importRequired);
    expect(messageOf("{x")).toBe(PERMISSION_MESSAGES.invalidFormat);
    expect(messageOf(JSON.stringify({ permissions: [{ ...row, module: "outro" }] }))).toBe(
      importRefused(['Registro 1: módulo desconhecido "outro"']),
    );
    expect(messageOf(JSON.stringify({ permissions: [{ ...row, can_edit: 1 }] }))).toBe(
      importRefused(["Registro 1: can_edit deve ser true ou false, não 1"]),
    );
  });

  it("names every problem of a file, record by record, and never skips one", () => {
    const { can_delete: _left, ...withoutDelete } = row;
    const file = {
      version: "1.0",
      total_permissions: 4,
      permissions: [
        withoutDelete,
        { ...row, role: "dono", record_scope: "alguns" },
        "user:users",
        { ...row, can_export: true },
      ],
    };
    expect(messageOf(JSON.stringify(file))?.split("\n")).toEqual([
      "Formato de dados inválido: nada foi importado. Corrija o arquivo e importe de novo:",
      "• Registro 1: falta can_delete",
      '• Registro 2: função desconhecida "dono"',
      '• Registro 2: record_scope deve ser "all" ou "own", não "alguns"',
      "• Registro 3: não é um registro { role, module, can_view, … }",
      '• Registro 4: campo desconhecido "can_export"',
      '• Registros 1 e 4: a mesma função e módulo ("user/users") aparecem duas vezes',
    ]);
  });

  it("gives the rows of a valid file, leaving aside a table row's own columns", () => {
    const file = { exported_at: "x", version: "1.0", permissions: [{ ...row, id: "1", created_at: "y" }] };
    expect(importPermissionsSchema.parse({ data: JSON.stringify(file) }).data).toEqual([row]);
  });
});

describe("template schema", () => {
  it("requires a name and a known role", () => {
    expect(createTemplateSchema.safeParse({ name: " ", role: "user" }).error?.issues[0]?.message).toBe(
      PERMISSION_MESSAGES.templateNameRequired,
    );
    expect(createTemplateSchema.safeParse({ name: "A", role: "dono" }).success).toBe(false);
    expect(createTemplateSchema.parse({ name: " A ", description: "", role: "user" })).toEqual({
      name: "A",
      description: null,
      role: "user",
    });
  });
});

describe("export file name", () => {
  it("is permissions-backup-yyyy-MM-dd-HH-mm.json in local time", () => {
    expect(permissionsExportFileName(new Date(2026, 0, 5, 9, 7))).toBe("permissions-backup-2026-01-05-09-07.json");
  });
});
