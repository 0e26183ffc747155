/** Types an attachment may have, by their content (never by the name or the browser's word). */
const ALLOWED_DETECTED = new Set([
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "application/pdf",
  "application/zip",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  "application/vnd.oasis.opendocument.text",
  "application/vnd.oasis.opendocument.spreadsheet",
  "audio/mpeg",
  "video/mp4",
]);

const TEXT_TYPES: Record<string, string> = { txt: "text/plain", csv: "text/csv" };
const MARKUP = /<\s*(!doctype|html|script|svg|iframe|body|head|meta|object|embed)\b/i;

function isPlainText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, 64 * 1024));
    return !MARKUP.test(text);
  } catch {
    return false;
  }
}

/**
 * The file's real type, or null when refused: a known binary format from its magic bytes, or
 * plain text / CSV (UTF-8, no markup a browser could render) named .txt or .csv.
 */
export async function detectFileType(bytes: Uint8Array, name: string): Promise<string | null> {
  // file-type and its tokenizers load with the first upload, not with the server (start-up time).
  const { fileTypeFromBuffer } = await import("file-type");
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) return ALLOWED_DETECTED.has(detected.mime) ? detected.mime : null;
  const extension = name.split(".").pop()?.toLowerCase() ?? "";
  const textType = TEXT_TYPES[extension];
  return textType && isPlainText(bytes) ? textType : null;
}
