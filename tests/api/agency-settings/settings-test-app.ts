import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createLocalDiskStorage } from "#server/storage/local-disk-storage.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/support/test-app.ts";

/** The in-process app with its uploads in a temp dir removed on close. */
export async function createSettingsTestApp(): Promise<TestApp> {
  const uploads = mkdtempSync(path.join(tmpdir(), "nexo-uploads-"));
  const t = await createTestApp({ deps: { storage: createLocalDiskStorage(uploads) } });
  return {
    ...t,
    close: async () => {
      await t.close();
      rmSync(uploads, { recursive: true, force: true });
    },
  };
}

/** PUT /api/agency/logo with raw bytes, the way the browser sends the selected file. */
export function uploadLogo(t: TestApp, cookie: string, bytes: Uint8Array<ArrayBuffer>, contentType = "image/png") {
  return t.app.request(`${TEST_ORIGIN}/api/agency/logo`, {
    method: "PUT",
    headers: { cookie, "content-type": contentType, "x-forwarded-for": "203.0.113.10" },
    body: bytes,
  });
}

/** A real 1×1 PNG and GIF. */
export const TINY_PNG = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  ),
);
export const TINY_GIF = Uint8Array.from(
  Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64"),
);

export async function errorOf(response: Response): Promise<{ code: string; message: string }> {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

export const VALID_PROFILE = {
  name: "Agência Aurora Digital",
  contactEmail: "contato@aurora.com.br",
  contactPhone: "(11) 4000-1234",
  website: "https://aurora.com.br",
  taxId: "11.222.333/0001-81",
  primaryColor: "#7c3aed",
  address: "Av. Paulista, 1000",
  city: "São Paulo",
  state: "SP",
  zipCode: "01310-100",
  country: "Brasil",
  timezone: "America/Sao_Paulo",
  currency: "BRL",
};
