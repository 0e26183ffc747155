import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "#domain/crm/csv.ts";
import type { TestApp } from "#tests/support/test-app.ts";
import { deliveryFixture, json, send } from "./delivery-fixture.ts";

let t: TestApp;
let f: Awaited<ReturnType<typeof deliveryFixture>>;
beforeAll(async () => {
  f = await deliveryFixture();
  t = f.t;
});
afterAll(() => t.close());

describe("hours CSV export", () => {
  it("writes a description Excel would run as a formula as text (outside QA, delivery #5)", async () => {
    const { manager } = f.people;
    const { id: projectId } = await json<{ id: string }>(
      await send(t, manager.cookie, "/api/projects", { name: "=1+1" }),
      201,
    );
    const formulas = ['=HYPERLINK("http://evil";"x")', "+5", "-2+3", "@SUM(A1)"];
    for (const [i, description] of formulas.entries()) {
      await json(
        await send(t, manager.cookie, "/api/time/entries", {
          projectId,
          description,
          startedAt: `2026-05-0${i + 4}T13:00:00Z`,
          durationMinutes: 30,
        }),
        201,
      );
    }
    const answer = await send(t, manager.cookie, "/api/time/export?from=2026-05-01&to=2026-05-31");
    expect(answer.headers.get("content-type")).toContain("text/csv");
    const csv = parseCsv(await answer.text());
    expect(csv.rows.map((row) => row.Descrição)).toEqual(formulas.map((formula) => `'${formula}`));
    expect(new Set(csv.rows.map((row) => row.Projeto))).toEqual(new Set(["'=1+1"]));
    expect(csv.rows[0].Horas).toBe("0,50");
  });
});
