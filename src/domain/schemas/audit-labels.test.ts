import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CRITICAL_ACTIONS } from "../audit.ts";
import { CRITICAL_ACTIONS_TEXT, AUDIT_ACTION_LABELS, AUDIT_RESOURCE_LABELS } from "./audit.ts";
import { CRM_RECORD_TYPES } from "./crm.ts";

const SERVER = path.resolve(import.meta.dirname, "../../server");

function serverSources(dir = SERVER): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverSources(file);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [file] : [];
  });
}

/** Every resource type the server writes to the audit log: the literals, and the CRM's `${type}_activity`. */
function auditedResourceTypes(): string[] {
  const literals = serverSources().flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(/resourceType: "([a-z_]+)"/g)].map((match) => match[1]),
  );
  return [...new Set([...literals, ...CRM_RECORD_TYPES.map((type) => `${type}_activity`)])].sort();
}

describe("audit labels (issue 19: a person reads pt-BR, not update_role or recurring_invoice_schedules)", () => {
  it("names every resource type the server audits", () => {
    const types = auditedResourceTypes();
    expect(types.length).toBeGreaterThan(15);
    expect(types.filter((type) => !(type in AUDIT_RESOURCE_LABELS))).toEqual([]);
  });

  it("names every action in pt-BR words, not in the stored key", () => {
    for (const [action, label] of Object.entries(AUDIT_ACTION_LABELS)) {
      expect(label, action).not.toMatch(/_/);
      expect(label, action).not.toBe(action);
    }
  });

  it("says which actions are critical by their labels", () => {
    expect(CRITICAL_ACTIONS_TEXT).toBe("Exclusão, Função alterada, Permissões alteradas");
    for (const action of CRITICAL_ACTIONS) expect(CRITICAL_ACTIONS_TEXT).not.toContain(action);
  });
});
