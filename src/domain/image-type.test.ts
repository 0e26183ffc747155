import { describe, expect, it } from "vitest";
import { sniffImageType } from "./image-type.ts";

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((v) => (typeof v === "string" ? Array.from(v, (c) => c.charCodeAt(0)) : [v])));

const ONE_PIXEL_PNG = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  ),
);

describe("sniffImageType", () => {
  it("recognises PNG, JPEG, GIF and WebP by their first bytes", () => {
    expect(sniffImageType(ONE_PIXEL_PNG)).toBe("png");
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16, "JFIF"))).toBe("jpeg");
    expect(sniffImageType(bytes("GIF89a", 1, 0, 1, 0))).toBe("gif");
    expect(sniffImageType(bytes("GIF87a", 1, 0, 1, 0))).toBe("gif");
    expect(sniffImageType(bytes("RIFF", 36, 0, 0, 0, "WEBPVP8 "))).toBe("webp");
  });

  it("refuses text, SVG, PDF, other RIFF files and truncated signatures", () => {
    expect(sniffImageType(new TextEncoder().encode("isto não é uma imagem"))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(bytes("%PDF-1.7"))).toBeNull();
    expect(sniffImageType(bytes("RIFF", 36, 0, 0, 0, "WAVEfmt "))).toBeNull();
    expect(sniffImageType(bytes(0x89, "PNG"))).toBeNull();
    expect(sniffImageType(bytes("GIF8"))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });

  it("refuses a PNG signature whose chunks do not reach IEND inside the file (the PDF writer never ended on one)", () => {
    const signature = ONE_PIXEL_PNG.subarray(0, 8);
    expect(sniffImageType(Uint8Array.from([...signature, 0xff, 0xff, 0xff, 0x00, 1, 2, 3, 4, 5, 6, 7, 8]))).toBeNull();
    expect(sniffImageType(ONE_PIXEL_PNG.subarray(0, ONE_PIXEL_PNG.length - 12))).toBeNull(); // no IEND
    expect(sniffImageType(ONE_PIXEL_PNG.subarray(0, 40))).toBeNull(); // cut inside a chunk
    const noHeader = Uint8Array.from(ONE_PIXEL_PNG);
    noHeader.set([0x58, 0x58, 0x58, 0x58], 12); // IHDR renamed
    expect(sniffImageType(noHeader)).toBeNull();
  });
});
