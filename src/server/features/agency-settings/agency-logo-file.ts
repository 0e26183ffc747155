import { IMAGE_EXTENSIONS, IMAGE_TYPES, type ImageType, sniffImageType } from "#domain/image-type.ts";
import type { FileStorage } from "../../storage/file-storage.ts";

/** Logos are kept as agency-logos/<agency id>.<extension> (spec §7: overwrite allowed). */
export function logoKey(agencyId: string, extension: string): string {
  return `agency-logos/${agencyId}.${extension}`;
}

/** Writes the new logo, then drops the agency's logo of any other format, so exactly one remains. */
export async function storeLogo(storage: FileStorage, agencyId: string, type: ImageType, bytes: Uint8Array) {
  const { extension } = IMAGE_TYPES[type];
  await storage.put(logoKey(agencyId, extension), bytes);
  for (const other of IMAGE_EXTENSIONS.filter((ext) => ext !== extension)) {
    await storage.remove(logoKey(agencyId, other));
  }
}

/** The agency's stored logo with its content type (told from its bytes again), or null. */
export async function readLogo(storage: FileStorage, agencyId: string) {
  for (const extension of IMAGE_EXTENSIONS) {
    const file = await storage.get(logoKey(agencyId, extension));
    if (!file) continue;
    const type = sniffImageType(file.bytes);
    return type ? { bytes: file.bytes, contentType: IMAGE_TYPES[type].contentType } : null;
  }
  return null;
}

/** The URL the web shows; the version query makes a new upload appear at once despite caching. */
export function logoUrl(agencyId: string, version: Date): string {
  return `/api/agencies/${agencyId}/logo?v=${version.getTime()}`;
}
