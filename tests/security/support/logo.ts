import { createHash } from "node:crypto";
import { crc32, deflateSync } from "node:zlib";
import { readLogo } from "#server/features/agency-settings/agency-logo-file.ts";
import type { FileStorage } from "#server/storage/file-storage.ts";

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real 1×1 PNG carrying `marker` in a tEXt chunk: the marker survives in the bytes a route
 * answers, so the leak detector can spot another agency's logo in any response.
 */
export function pngWithMarker(marker: string, rgb: [number, number, number] = [37, 99, 235]): Uint8Array<ArrayBuffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("tEXt", Buffer.from(`Comment\0${marker}`, "latin1")),
      chunk("IDAT", deflateSync(Buffer.from([0, ...rgb]))),
      chunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

/** The marker hidden in an agency's seeded logo. */
export const logoMarker = (key: string) => `logo-secreta-da-${key}`;

/** Hash of the agency's stored logo file (or "none"): logo bytes live outside the database. */
export async function storedLogoHash(storage: FileStorage, agencyId: string): Promise<string> {
  const logo = await readLogo(storage, agencyId);
  return logo ? `${logo.contentType}:${createHash("sha256").update(logo.bytes).digest("hex")}` : "none";
}
