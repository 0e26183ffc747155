import { createAgency } from "#tests/factories/agencies.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import type { TestApp } from "#tests/support/test-app.ts";

export type Member = Awaited<ReturnType<typeof signedInAs>>;

/** An agency with a manager; requests as JSON with that member's cookie. */
export async function crmAgency(t: TestApp, name: string) {
  const agencyId = (await createAgency(t.database.owner, { name })).id;
  const slug = name.toLowerCase().replace(/[^a-z]/g, "");
  const manager = await signedInAs(t, `gestora@${slug}.com.br`, "agency_manager", agencyId);
  return { agencyId, manager };
}

export function api(t: TestApp, member: Member) {
  const call = async <T = unknown>(path: string, method = "GET", body?: unknown) => {
    const response = await t.request(path, { method, body, cookie: member.cookie });
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {}
    return { status: response.status, body: json as T, text, headers: response.headers };
  };
  return call;
}
