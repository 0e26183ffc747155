import { describe, expect, it } from "vitest";
import { ROLES } from "#domain/roles.ts";
import { MAX_QUICK_ACTIONS, quickActionsFor } from "./quick-actions.ts";

const labels = (role: Parameters<typeof quickActionsFor>[0]) => quickActionsFor(role).map((a) => a.label);

describe("quickActionsFor", () => {
  it("gives everyone conversation, meeting and document", () => {
    expect(labels("agency_client")).toEqual(["Nova Conversa", "Agendar Reunião", "Novo Documento"]);
  });

  it("adds the role's own actions", () => {
    expect(labels("project_manager")).toEqual([
      "Nova Conversa",
      "Agendar Reunião",
      "Novo Documento",
      "Novo Projeto",
      "Definir Meta",
    ]);
    expect(labels("team_designer")).toContain("Nova Peça");
    expect(labels("sales_closer")).toContain("Novo Lead");
    expect(labels("sales_bdr")).not.toContain("Novo Lead");
  });

  it("never offers more than six", () => {
    for (const role of ROLES) expect(quickActionsFor(role).length).toBeLessThanOrEqual(MAX_QUICK_ACTIONS);
  });
});
