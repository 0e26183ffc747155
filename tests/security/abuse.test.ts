import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountLockouts, agencyInvites, auditLogs, signInFailures } from "#server/db/schema.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createUser } from "#tests/factories/users.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { insertInvite, signedInInvitee } from "../api/invite-acceptance/invite-fixtures.ts";
import { fakeClock, signIn, WRONG_PASSWORD } from "../api/sign-in/sign-in-fixtures.ts";

const LOCK_MESSAGE = "Muitas tentativas de login falharam. Aguarde alguns minutos antes de tentar novamente.";
const MINUTE = 60_000;

const clock = fakeClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } });
});
afterAll(() => t.close());

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

async function timed(request: () => Promise<Response>) {
  const started = performance.now();
  const response = await request();
  const body = await response.text();
  return { status: response.status, body, ms: performance.now() - started };
}

describe("abuse: brute force", () => {
  it("20 wrong passwords lock the account; the right one is refused until the window passes", async () => {
    const user = await createUser(t.deps.auth, t.database.owner, { email: "forca-bruta@exemplo.com.br" });
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await signIn(t, user.email, WRONG_PASSWORD, "198.18.0.1")).status);
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses.slice(4)).toEqual(Array(16).fill(429));

    const refused = await signIn(t, user.email, user.password, "198.18.0.2");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: { message: LOCK_MESSAGE } });

    clock.advance(15 * MINUTE + 1000);
    expect((await signIn(t, user.email, user.password, "198.18.0.2")).status).toBe(200);
  });

  it("one IP spraying 20 accounts is limited: its next attempt is refused", async () => {
    const ip = "198.18.1.1";
    for (let i = 0; i < 20; i++) {
      expect((await signIn(t, `spray${i}@exemplo.com.br`, WRONG_PASSWORD, ip)).status).toBe(401);
    }
    const next = await signIn(t, "spray20@exemplo.com.br", WRONG_PASSWORD, ip);
    expect(next.status).toBe(429);
    expect(await next.json()).toMatchObject({ error: { code: "rate_limited", message: LOCK_MESSAGE } });
    // another address is not affected
    expect((await signIn(t, "spray21@exemplo.com.br", WRONG_PASSWORD, "198.18.1.2")).status).toBe(401);
  });

  it("50 parallel failures are 50 rows, with exactly one lock and four plain refusals", async () => {
    const user = await createUser(t.deps.auth, t.database.owner, { email: "paralelo@exemplo.com.br" });
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => signIn(t, user.email, WRONG_PASSWORD, `198.18.2.${i + 1}`)),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(4);
    expect(statuses.filter((status) => status === 429)).toHaveLength(46);

    const rows = await t.database.owner.select().from(signInFailures).where(eq(signInFailures.email, user.email));
    expect(rows).toHaveLength(50);
    const locks = await t.database.owner.select().from(accountLockouts).where(eq(accountLockouts.email, user.email));
    expect(locks).toHaveLength(1);
    const lockAudits = await t.database.owner
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "account_locked"), eq(auditLogs.userId, user.id)));
    expect(lockAudits).toHaveLength(1);
  });
});

describe("abuse: account enumeration", () => {
  it("a registered and an unknown e-mail give the same status, body and similar timing", async () => {
    const tries = 7;
    const known: Awaited<ReturnType<typeof timed>>[] = [];
    const unknown: Awaited<ReturnType<typeof timed>>[] = [];
    const users: { email: string; password: string }[] = [];
    for (let i = 0; i < tries; i++) {
      users.push(await createUser(t.deps.auth, t.database.owner, { email: `existe${i}@exemplo.com.br` }));
    }
    for (let i = 0; i < tries; i++) {
      // alternate the order so warm-up and load hit both sides alike
      const pair = [
        () => timed(() => signIn(t, users[i].email, WRONG_PASSWORD, `198.18.3.${i + 1}`)),
        () => timed(() => signIn(t, `nao-existe${i}@exemplo.com.br`, WRONG_PASSWORD, `198.18.4.${i + 1}`)),
      ];
      if (i % 2) {
        known.push(await pair[0]());
        unknown.push(await pair[1]());
      } else {
        unknown.push(await pair[1]());
        known.push(await pair[0]());
      }
    }
    for (let i = 0; i < tries; i++) {
      expect(unknown[i].status).toBe(known[i].status);
      expect(unknown[i].body).toBe(known[i].body);
    }
    const knownMs = median(known.map((r) => r.ms));
    const unknownMs = median(unknown.map((r) => r.ms));
    console.log(
      `sign-in timing, median of ${tries}: registered e-mail ${knownMs.toFixed(1)} ms, unknown e-mail ${unknownMs.toFixed(1)} ms`,
    );
    const ratio = Math.max(knownMs, unknownMs) / Math.min(knownMs, unknownMs);
    expect(ratio).toBeLessThan(3); // without the dummy hash the unknown e-mail answers ~10x faster
  });
});

describe("abuse: races", () => {
  it("20 parallel accepts of one invite: exactly one succeeds", async () => {
    const agency = await createAgency(t.database.owner, { name: "Agência Corrida" });
    const invitee = await signedInInvitee(t, "corrida@exemplo.com.br");
    const invite = await insertInvite(t.database.owner, { agencyId: agency.id, email: invitee.email });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.request("/api/invites/accept", { body: { token: invite.token }, cookie: invitee.cookie }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status >= 500)).toHaveLength(0);
    const [row] = await t.database.owner.select().from(agencyInvites).where(eq(agencyInvites.id, invite.id));
    expect(row.acceptedBy).toBe(invitee.id);
    const audits = await t.database.owner
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "accept_invite"), eq(auditLogs.resourceId, invite.id)));
    expect(audits).toHaveLength(1);
  });
});
