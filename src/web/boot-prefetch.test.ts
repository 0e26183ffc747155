import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FIRST_SCREEN_DATA_WAIT_MS, prefetchFirstScreen } from "./boot-prefetch.ts";

// The screens' chunks are the browser's business; here only the data decide when the screen draws.
vi.mock("./routes.tsx", () => ({ preloadScreenChunks: () => Promise.resolve() }));

const ME = {
  user: { id: "u1", agencyId: "a1", isSuperAdmin: false, role: "agency_manager" },
  agency: null,
  permissions: [{ module: "projetos_tempo", canView: true, canCreate: true, canEdit: true, canDelete: true }],
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });

/** Answers /api/me at once and every other path when `release` is called (or never). */
function serverHoldingData() {
  const held: Array<() => void> = [];
  const fetchMock = vi.fn((path: string) => {
    if (path === "/api/me") return Promise.resolve(json(ME));
    return new Promise<Response>((resolve) => held.push(() => resolve(json({ path }))));
  });
  vi.stubGlobal("fetch", fetchMock);
  const release = () => {
    for (const answer of held.splice(0)) answer();
  };
  return { fetchMock, release };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("prefetchFirstScreen", () => {
  it("on /dashboard waits for the screen's data, so the first render has them", async () => {
    const server = serverHoldingData();
    const queryClient = new QueryClient();
    let settled = false;
    const first = prefetchFirstScreen(queryClient, "/dashboard").then(() => {
      settled = true;
    });
    await vi.waitFor(() => expect(server.fetchMock).toHaveBeenCalledTimes(5));
    expect(server.fetchMock.mock.calls.map(([path]) => path).sort()).toEqual([
      "/api/dashboard/stats",
      "/api/me",
      "/api/notifications/unread-count",
      "/api/time/timer",
      "/api/timeline/recent",
    ]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    server.release();
    await first;
    expect(queryClient.getQueryData(["dashboard", "stats"])).toEqual({ path: "/api/dashboard/stats" });
  });

  it("stops waiting for data that do not come, and lets the screen draw its loading states", async () => {
    vi.useFakeTimers();
    serverHoldingData();
    let settled = false;
    const first = prefetchFirstScreen(new QueryClient(), "/dashboard").then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_DATA_WAIT_MS - 50);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    await first;
    expect(settled).toBe(true);
  });
});
