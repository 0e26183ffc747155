import { describe, expect, it } from "vitest";
import { sniffImageType } from "./image-type.ts";

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((v) => (typeof v === "string" ? Array.from(v, (c) => c.charCodeAt(0)) : [v])));

describe("sniffImageType", () => {
  it("recognises PNG, JPEG, GIF and WebP by their first bytes", () => {
    expect(sniffImageType(bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13))).toBe("png");
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
});
