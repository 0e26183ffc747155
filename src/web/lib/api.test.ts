import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api } from "./api.ts";
import { isReauthenticationAsked, settleReauthentication } from "./reauthentication.ts";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const REFUSAL = {
  error: { code: "reauthentication_required", message: "Por segurança, confirme sua senha para continuar." },
};

/** Plays the prompt (shell/reauth-prompt.tsx): waits until a request asks, then answers. */
async function answerPrompt(isConfirmed: boolean) {
  await vi.waitFor(() => expect(isReauthenticationAsked()).toBe(true));
  settleReauthentication(isConfirmed);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("api() and the password prompt", () => {
  it("sends a refused sensitive action again once the password is confirmed", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(403, REFUSAL))
      .mockResolvedValueOnce(json(200, { ok: 1 }));
    vi.stubGlobal("fetch", fetchMock);
    const answer = api<{ ok: number }>("/api/admin/permissions/export");
    await answerPrompt(true);
    await expect(answer).resolves.toEqual({ ok: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual([
      "/api/admin/permissions/export",
      "/api/admin/permissions/export",
    ]);
  });

  it("fails with the server's refusal when the prompt is cancelled, without sending it again", async () => {
    const fetchMock = vi.fn().mockResolvedValueOnce(json(403, REFUSAL));
    vi.stubGlobal("fetch", fetchMock);
    const answer = api("/api/admin/users/delete", { body: { userId: "x" } }).catch((error: unknown) => error);
    await answerPrompt(false);
    const error = await answer;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("reauthentication_required");
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("asks once for requests refused together, and retries each", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(403, REFUSAL))
      .mockResolvedValueOnce(json(403, REFUSAL))
      .mockImplementation(async () => json(200, {}));
    vi.stubGlobal("fetch", fetchMock);
    const both = Promise.all([api("/api/a"), api("/api/b")]);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await answerPrompt(true);
    expect(isReauthenticationAsked()).toBe(false);
    await both;
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it("passes any other refusal through untouched", async () => {
    vi.stubGlobal("fetch", vi.fn().mockResolvedValueOnce(json(403, { error: { code: "forbidden", message: "Não." } })));
    await expect(api("/api/x")).rejects.toMatchObject({ status: 403, code: "forbidden", message: "Não." });
    expect(isReauthenticationAsked()).toBe(false);
  });
});
