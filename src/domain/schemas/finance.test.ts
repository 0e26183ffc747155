import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  expenseBodySchema,
  FINANCE_MESSAGES,
  financeSettingsSchema,
  invoiceListQuerySchema,
  publicDecisionSchema,
  scheduleBodySchema,
  textTooLong,
} from "./finance.ts";

const messageOf = (body: Record<string, unknown>) => financeSettingsSchema.safeParse(body).error?.issues[0]?.message;

describe("the agency's Pix key", () => {
  it("says what is wrong with a key of each type", () => {
    expect(messageOf({ pixKeyType: "cpf", pixKey: "529.982.247-24" })).toBe(
      "Chave Pix inválida: o CPF não confere. Confira os 11 dígitos.",
    );
    expect(messageOf({ pixKeyType: "cnpj", pixKey: "11.222.333/0001-82" })).toBe(
      "Chave Pix inválida: o CNPJ não confere. Confira os 14 dígitos.",
    );
    expect(messageOf({ pixKeyType: "email", pixKey: "financeiro" })).toBe(
      "Chave Pix inválida: informe um e-mail completo, como financeiro@agencia.com.br.",
    );
    expect(messageOf({ pixKeyType: "phone", pixKey: "9876" })).toBe(
      "Chave Pix inválida: informe o celular com DDD, como (11) 98765-4321.",
    );
    expect(messageOf({ pixKeyType: "evp", pixKey: "nao-e-uma-chave" })).toBe(
      "Chave Pix inválida: a chave aleatória tem 32 letras e números em 5 grupos, como o banco a mostra.",
    );
  });

  it("asks for the type or the key when one comes without the other, and takes no key at all", () => {
    expect(messageOf({ pixKey: "financeiro@aurora.com.br" })).toBe("Escolha o tipo da chave Pix.");
    expect(messageOf({ pixKeyType: "email", pixKey: "" })).toBe("Informe a chave Pix.");
    expect(financeSettingsSchema.safeParse({}).success).toBe(true);
    expect(financeSettingsSchema.parse({ pixKeyType: "phone", pixKey: "(11) 98765-4321" }).remindersEnabled).toBe(
      false,
    );
  });
});

describe("refusals name the field in plain pt-BR (QA #11), never zod's generic text", () => {
  const schedule = { companyId: crypto.randomUUID(), description: "Gestão", amountCents: 100, startDate: "2026-12-01" };
  const expense = { supplier: "Google", spentOn: "2026-11-20", amountCents: 100 };
  const cases: [string, z.ZodType, unknown, string][] = [
    ["day 31", scheduleBodySchema, { ...schedule, dayOfMonth: 31 }, FINANCE_MESSAGES.dayOfMonth],
    ["day 0", scheduleBodySchema, { ...schedule, dayOfMonth: 0 }, FINANCE_MESSAGES.dayOfMonth],
    [
      "weekly schedule",
      scheduleBodySchema,
      { ...schedule, dayOfMonth: 5, frequency: "semanal" },
      FINANCE_MESSAGES.invalidFrequency,
    ],
    ["due in 200 days", scheduleBodySchema, { ...schedule, dayOfMonth: 5, dueDays: 200 }, FINANCE_MESSAGES.dueDays],
    ["weekly expense", expenseBodySchema, { ...expense, recurrence: "semanal" }, FINANCE_MESSAGES.invalidRecurrence],
    ["long supplier", expenseBodySchema, { ...expense, supplier: "x".repeat(201) }, textTooLong(200)],
    ["invoice page of 500", invoiceListQuerySchema, { limit: "500" }, FINANCE_MESSAGES.invalidLimit],
    ["unknown status", invoiceListQuerySchema, { status: "aberta" }, FINANCE_MESSAGES.invalidStatus],
    ["decision", publicDecisionSchema, { decision: "talvez", name: "Ana Souza" }, FINANCE_MESSAGES.invalidDecision],
    ["ISS as text", financeSettingsSchema, { defaultIssRateBp: "5" }, FINANCE_MESSAGES.issRate],
  ];

  it.each(cases)("%s", (_name, schema, body, message) => {
    expect(schema.safeParse(body).error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});
