import { describe, expect, it } from "vitest";
import { isOutsideWorkingHours } from "./audit.ts";
import {
  agencyEditFormSchema,
  createAgencySchema,
  maxUsersBelowSeats,
  missingOnEdit,
  updateAgencySchema,
} from "./agencies.ts";

describe("createAgencySchema", () => {
  it("falls back to the default limits when a limit is not a number", () => {
    const parsed = createAgencySchema.parse({ name: "X", slug: "x", maxUsers: "", maxClients: "dez", maxProjects: 7 });
    expect(parsed).toMatchObject({ maxUsers: 10, maxClients: 50, maxProjects: 7, subscriptionPlan: "basic" });
  });

  it("joins missing name and slug under one message and refuses a slug with spaces", () => {
    const missing = createAgencySchema.safeParse({ name: " ", slug: "" });
    const firstByField = new Map<string, string>();
    for (const issue of missing.error?.issues ?? []) {
      if (!firstByField.has(String(issue.path[0]))) firstByField.set(String(issue.path[0]), issue.message);
    }
    expect(Object.fromEntries(firstByField)).toEqual({
      name: "Nome e slug são obrigatórios",
      slug: "Nome e slug são obrigatórios",
    });
    expect(createAgencySchema.safeParse({ name: "X", slug: "com espaço" }).success).toBe(false);
  });

  it("refuses a malformed first-manager e-mail and lowercases a good one", () => {
    expect(createAgencySchema.safeParse({ name: "X", slug: "x", firstManagerEmail: "nao" }).success).toBe(false);
    expect(createAgencySchema.parse({ name: "X", slug: "x", firstManagerEmail: "A@B.com" }).firstManagerEmail).toBe(
      "a@b.com",
    );
  });
});

describe("updateAgencySchema", () => {
  const edit = {
    name: "X",
    slug: "x",
    domain: null,
    contactEmail: "",
    contactPhone: "",
    subscriptionPlan: "pro",
    maxUsers: "25",
    maxClients: 50,
    maxProjects: 100,
    subscriptionStatus: "active",
  };

  it("has no defaults: a field left out is refused with its name, a limit that is not a number too", () => {
    expect(updateAgencySchema.parse(edit)).toMatchObject({ subscriptionPlan: "pro", maxUsers: 25, domain: null });
    const { subscriptionPlan: _plan, ...withoutPlan } = edit;
    expect(updateAgencySchema.safeParse(withoutPlan).error?.issues[0]?.message).toBe(missingOnEdit("subscriptionPlan"));
    const { maxProjects: _projects, ...withoutLimit } = edit;
    expect(updateAgencySchema.safeParse(withoutLimit).error?.issues[0]?.message).toBe(missingOnEdit("maxProjects"));
    expect(updateAgencySchema.safeParse({ ...edit, maxUsers: "dez" }).error?.issues[0]?.message).toBe(
      "Os limites devem ser números maiores que zero",
    );
  });

  it("the edit form checks the phone, letting the stored one stay", () => {
    const { subscriptionStatus: _status, ...form } = edit;
    expect(agencyEditFormSchema({ contactPhone: null }).safeParse({ ...form, contactPhone: "123" }).success).toBe(
      false,
    );
    expect(agencyEditFormSchema({ contactPhone: "123" }).parse({ ...form, contactPhone: "123" }).contactPhone).toBe(
      "123",
    );
  });
});

describe("maxUsersBelowSeats", () => {
  it("agrees the noun with the number of seats", () => {
    expect(maxUsersBelowSeats(1)).toBe(
      "O limite de usuários não pode ficar abaixo de 1: a agência já tem 1 membro ou convite pendente.",
    );
    expect(maxUsersBelowSeats(3)).toBe(
      "O limite de usuários não pode ficar abaixo de 3: a agência já tem 3 membros e convites pendentes.",
    );
  });
});

describe("isOutsideWorkingHours", () => {
  it("uses São Paulo time: 10:00 there is inside, 19:00 and 07:00 are outside", () => {
    expect(isOutsideWorkingHours("2026-11-20T13:00:00Z")).toBe(false);
    expect(isOutsideWorkingHours("2026-11-20T22:00:00Z")).toBe(true);
    expect(isOutsideWorkingHours("2026-11-20T10:00:00Z")).toBe(true);
  });
});
