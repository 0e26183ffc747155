/** The image formats a logo may have, told apart by their first bytes, never by name or declared type. */
export const IMAGE_TYPES = {
  png: { extension: "png", contentType: "image/png" },
  jpeg: { extension: "jpg", contentType: "image/jpeg" },
  gif: { extension: "gif", contentType: "image/gif" },
  webp: { extension: "webp", contentType: "image/webp" },
} as const;

export type ImageType = keyof typeof IMAGE_TYPES;
export const IMAGE_EXTENSIONS = Object.values(IMAGE_TYPES).map((type) => type.extension);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0));

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

const IHDR = ascii("IHDR");
const IEND = ascii("IEND");
/** A chunk's length, type and CRC around its data. */
const CHUNK_FRAME = 12;

/**
 * Every chunk of the PNG lies inside the file, the first is IHDR and the last IEND. The PDF writer's
 * PNG reader walks the chunks by their lengths and never ends on one that runs past the file: a
 * signature followed by garbage, saved as the logo, hung every PDF of the agency.
 */
function isWellFormedPng(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = PNG_SIGNATURE.length;
  for (let index = 0; offset + CHUNK_FRAME <= bytes.length; index++) {
    const length = view.getUint32(offset);
    if (index === 0 && !startsWith(bytes, IHDR, offset + 4)) return false;
    if (offset + CHUNK_FRAME + length > bytes.length) return false;
    if (startsWith(bytes, IEND, offset + 4)) return true;
    offset += CHUNK_FRAME + length;
  }
  return false;
}

/**
 * PNG (well formed: see isWellFormedPng), JPEG, GIF (87a/89a) or WebP (RIFF....WEBP) by their
 * bytes; null for anything else.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return isWellFormedPng(bytes) ? "png" : null;
  if (startsWith(bytes, JPEG_SIGNATURE)) return "jpeg";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  return null;
}
