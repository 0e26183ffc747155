import { describe, expect, it } from "vitest";
import {
  createTemplateSchema,
  importPermissionsSchema,
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
      PERMISSION_MESSAGES.invalidFormat,
    );
    expect(messageOf(JSON.stringify({ permissions: [{ ...row, can_edit: 1 }] }))).toBe(
      PERMISSION_MESSAGES.invalidFormat,
    );
  });

  it("gives the rows of a valid file, without extra columns", () => {
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
