import { describe, expect, it } from "vitest";
import { STATUS_OPTIONS, statusLabel } from "./contact-status.ts";
import { keepVisible } from "./record-selection.ts";
import { restoreDeadline } from "./restore-window.ts";

describe("keepVisible", () => {
  it("drops ticked ids that a search or filter hid", () => {
    expect(keepVisible(["a", "b", "c"], ["c", "a", "z"])).toEqual(["a", "c"]);
  });
  it("keeps nothing when no ticked row is on screen", () => {
    expect(keepVisible(["a", "b"], [])).toEqual([]);
  });
});

describe("status labels", () => {
  it("shows capitalised labels and keeps the values the server takes", () => {
    expect(STATUS_OPTIONS).toEqual([
      { value: "lead", label: "Lead" },
      { value: "cliente", label: "Cliente" },
      { value: "ativo", label: "Ativo" },
      { value: "inativo", label: "Inativo" },
    ]);
    expect(statusLabel("cliente")).toBe("Cliente");
    expect(statusLabel("outro")).toBe("outro");
  });
});

describe("restoreDeadline", () => {
  it("is 30 days after the deletion", () => {
    expect(restoreDeadline("2026-11-01T10:00:00.000Z").toISOString()).toBe("2026-12-01T10:00:00.000Z");
  });
});
