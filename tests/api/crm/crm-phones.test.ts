import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASTED_PHONES } from "#domain/crm/phone-cases.ts";
import type { Company, Contact } from "#domain/schemas/crm.ts";
import { queryRows } from "#server/db/client.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { api, crmAgency, type Member } from "./crm-fixtures.ts";

// Phones are stored E.164 however they are pasted (trunk 0, +55, 55); migration 0048's
// crm_phone_e164 normalised the stored ones the same way as src/domain/crm/phone.ts.
let t: TestApp;
let aurora: { agencyId: string; manager: Member };
beforeAll(async () => {
  t = await createTestApp();
  aurora = await crmAgency(t, "Aurora");
});
afterAll(() => t.close());

describe("phones as E.164", () => {
  it.each(PASTED_PHONES)("SQL crm_phone_e164(%s) is %s, as toE164", async (typed, e164) => {
    const [row] = await queryRows<{ e164: string | null }>(
      t.database.owner,
      sql`select crm_phone_e164(${typed}) as e164`,
    );
    expect(row.e164).toBe(e164);
  });

  it("crm_phone_e164 leaves nothing for no phone", async () => {
    const [row] = await queryRows<{ a: string | null; b: string | null }>(
      t.database.owner,
      sql`select crm_phone_e164(null) as a, crm_phone_e164('') as b`,
    );
    expect(row).toEqual({ a: null, b: null });
  });

  it("saves a contact's phone and WhatsApp pasted in any of those forms as E.164, or refuses it in pt-BR", async () => {
    const call = api(t, aurora.manager);
    for (const [i, [typed, e164]] of PASTED_PHONES.entries()) {
      const saved = await call<Contact>("/api/crm/contacts", "POST", {
        name: `Telefone ${i}`,
        phone: typed,
        whatsapp: typed,
        ignoreDuplicates: true,
      });
      if (e164) {
        expect(saved.status, typed).toBe(201);
        expect([saved.body.phone, saved.body.whatsapp]).toEqual([e164, e164]);
      } else {
        expect(saved.status, typed).toBe(400);
        expect(saved.text).toContain("Telefone inválido. Use DDD e número, ex.: (11) 98765-4321.");
      }
    }
  });

  it("saves a company's phone as E.164", async () => {
    const saved = await api(t, aurora.manager)<Company>("/api/crm/companies", "POST", {
      name: "Fone Ltda",
      phone: "+55 (21) 3333-4444",
    });
    expect(saved.status).toBe(201);
    expect(saved.body.phone).toBe("+552133334444");
  });
});
