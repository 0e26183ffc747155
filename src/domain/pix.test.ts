import { parsePix } from "pix-utils";
import { describe, expect, it } from "vitest";
import { crc16Ccitt, normalizePixKey, staticBrCode } from "./pix.ts";

// Static QR example of the Banco Central's "Manual de Padrões para Iniciação do Pix" (Anexo).
const MANUAL_EXAMPLE =
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";

describe("Pix BR Code", () => {
  it("reproduces the Banco Central manual's static example byte for byte", () => {
    const code = staticBrCode({
      pixKey: "123e4567-e12b-12d1-a456-426655440000",
      merchantName: "Fulano de Tal",
      merchantCity: "BRASILIA",
    });
    expect(code).toBe(MANUAL_EXAMPLE);
  });

  it("uses CRC16-CCITT-FALSE (check value of '123456789' is 29B1)", () => {
    expect(crc16Ccitt("123456789")).toBe("29B1");
  });

  it("carries the amount with two decimals and the txid, and another implementation reads it back", () => {
    const code = staticBrCode({
      pixKey: "financeiro@aurora.com.br",
      merchantName: "Agência Aurora Comunicação Digital Ltda",
      merchantCity: "São Paulo",
      amountCents: 123_450,
      txid: "FAT-000012",
    });
    expect(code).toContain("54071234.50");
    expect(code).toContain("5925Agencia Aurora Comunicaca");
    expect(code).toContain("62130509FAT000012");
    const parsed = parsePix(code);
    expect(parsed).toMatchObject({
      type: "STATIC",
      pixKey: "financeiro@aurora.com.br",
      transactionAmount: 1234.5,
      txid: "FAT000012",
      merchantCity: "Sao Paulo",
    });
  });
});

describe("Pix keys", () => {
  it("accepts each key type and normalizes it", () => {
    expect(normalizePixKey("cpf", "529.982.247-25")).toBe("52998224725");
    expect(normalizePixKey("cnpj", "11.222.333/0001-81")).toBe("11222333000181");
    expect(normalizePixKey("email", "Financeiro@Aurora.com.br")).toBe("financeiro@aurora.com.br");
    expect(normalizePixKey("phone", "(11) 98765-4321")).toBe("+5511987654321");
    expect(normalizePixKey("phone", "+55 11 98765-4321")).toBe("+5511987654321");
    expect(normalizePixKey("evp", "123E4567-E12B-12D1-A456-426655440000")).toBe("123e4567-e12b-12d1-a456-426655440000");
  });

  it("refuses invalid keys", () => {
    expect(normalizePixKey("cpf", "529.982.247-24")).toBeNull();
    expect(normalizePixKey("cnpj", "11222333000182")).toBeNull();
    expect(normalizePixKey("email", "sem-arroba")).toBeNull();
    expect(normalizePixKey("phone", "123")).toBeNull();
    expect(normalizePixKey("evp", "nao-e-uuid")).toBeNull();
  });
});
