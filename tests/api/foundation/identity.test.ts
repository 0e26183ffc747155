import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, userRoles } from "#server/db/schema.ts";
import { createTestApp, sessionCookieFrom, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signUpBody = {
  email: "joana@exemplo.com.br",
  password: "Senha@Forte2026",
  name: "Joana Silva",
  firstName: "Joana",
  lastName: "Silva",
  company: "Estúdio Joana",
};

describe("identity", () => {
  it("creates the profile and exactly one role with the user", async () => {
    const response = await t.request("/api/auth/sign-up/email", { body: signUpBody });
    expect(response.status).toBe(200);
    const { user } = (await response.json()) as { user: { id: string } };
    const [profile] = await t.database.owner.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile).toMatchObject({
      email: signUpBody.email,
      firstName: "Joana",
      lastName: "Silva",
      company: "Estúdio Joana",
    });
    const roles = await t.database.owner.select().from(userRoles).where(eq(userRoles.userId, user.id));
    expect(roles.map((r) => r.role)).toEqual(["user"]);
  });

  it("signs in with an httpOnly, SameSite=Lax session cookie that /api/me accepts", async () => {
    const response = await t.request("/api/auth/sign-in/email", {
      body: { email: signUpBody.email, password: signUpBody.password },
    });
    expect(response.status).toBe(200);
    const setCookie = response.headers.getSetCookie().find((c) => c.includes("session_token="));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const me = await t.request("/api/me", { cookie: sessionCookieFrom(response) });
    expect(me.status).toBe(200);
    const body = (await me.json()) as { user: { email: string; role: string } };
    expect(body.user).toMatchObject({ email: signUpBody.email, role: "user" });
  });

  it("answers 401 without a session and with a forged cookie", async () => {
    expect((await t.request("/api/me")).status).toBe(401);
    const forged = await t.request("/api/me", {
      cookie: "nexo.session_token=abc.c2lnbmF0dXJlLXRoYXQtaXMtbm90LXZhbGlkLWF0LWFsbDE=",
    });
    expect(forged.status).toBe(401);
  });
});
