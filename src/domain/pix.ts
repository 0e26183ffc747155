import { isValidCnpj, isValidCpf, onlyDigits } from "./br-documents.ts";
import { centsToDecimalText } from "./money.ts";

/**
 * Pix keys and the static BR Code ("copia e cola") of the Banco Central's "Manual de Padrões
 * para Iniciação do Pix": EMV QRCPS fields as ID + two-digit length + value, closed by a
 * CRC16-CCITT (polynomial 0x1021, initial 0xFFFF) over everything up to "6304".
 */

export const PIX_KEY_TYPES = ["cpf", "cnpj", "email", "phone", "evp"] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

export const PIX_KEY_TYPE_LABELS: Record<PixKeyType, string> = {
  cpf: "CPF",
  cnpj: "CNPJ",
  email: "E-mail",
  phone: "Telefone",
  evp: "Chave aleatória",
};

export const PIX_MESSAGES = {
  invalidKey: "Chave Pix inválida. Informe um CPF, CNPJ, e-mail, telefone (+55) ou chave aleatória válidos.",
  typeRequired: "Escolha o tipo da chave Pix.",
  keyMissing: "Informe a chave Pix.",
  keyRequired: "Cadastre a chave Pix da agência em Financeiro › Configurações para gerar o código Pix.",
} as const;

/** Why a key of each type was refused: what to check, in the words of the bank apps. */
export const PIX_KEY_MESSAGES: Record<PixKeyType, string> = {
  cpf: "Chave Pix inválida: o CPF não confere. Confira os 11 dígitos.",
  cnpj: "Chave Pix inválida: o CNPJ não confere. Confira os 14 dígitos.",
  email: "Chave Pix inválida: informe um e-mail completo, como financeiro@agencia.com.br.",
  phone: "Chave Pix inválida: informe o celular com DDD, como (11) 98765-4321.",
  evp: "Chave Pix inválida: a chave aleatória tem 32 letras e números em 5 grupos, como o banco a mostra.",
};

const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+55\d{10,11}$/;

/** The key as the Pix directory stores it, or null when it is no valid key of that type. */
export function normalizePixKey(type: PixKeyType, raw: string): string | null {
  const value = raw.trim();
  switch (type) {
    case "cpf":
      return isValidCpf(value) && /^[\d.\-\s]+$/.test(value) ? onlyDigits(value) : null;
    case "cnpj":
      return isValidCnpj(value) && /^[\d./\-\s]+$/.test(value) ? onlyDigits(value) : null;
    case "email":
      return value.length <= 77 && EMAIL.test(value) ? value.toLowerCase() : null;
    case "phone": {
      const digits = onlyDigits(value);
      const withCountry = digits.startsWith("55") && digits.length >= 12 ? `+${digits}` : `+55${digits}`;
      return /^[+\d()\-\s]+$/.test(value) && PHONE.test(withCountry) ? withCountry : null;
    }
    case "evp":
      return EVP.test(value) ? value.toLowerCase() : null;
  }
}

export type StaticBrCodeInput = {
  pixKey: string;
  merchantName: string;
  merchantCity: string;
  /** Omitted: the payer types the amount. */
  amountCents?: number;
  /** Up to 25 letters and digits; "***" when absent, as the manual says. */
  txid?: string;
};

const field = (id: string, value: string) => `${id}${String(value.length).padStart(2, "0")}${value}`;

/** Letters without accents and within the field's limit (the BR Code allows a restricted charset). */
function plain(text: string, max: number): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9 .,\-@&/]/g, "")
    .trim()
    .slice(0, max);
}

export function pixTxid(text: string): string {
  return text.replace(/[^A-Za-z0-9]/g, "").slice(0, 25) || "***";
}

export function staticBrCode(input: StaticBrCodeInput): string {
  const merchantAccount = field("00", "br.gov.bcb.pix") + field("01", input.pixKey);
  const payload = [
    field("00", "01"),
    field("26", merchantAccount),
    field("52", "0000"),
    field("53", "986"),
    input.amountCents && input.amountCents > 0 ? field("54", centsToDecimalText(input.amountCents)) : "",
    field("58", "BR"),
    field("59", plain(input.merchantName, 25)),
    field("60", plain(input.merchantCity, 15)),
    field("62", field("05", input.txid ? pixTxid(input.txid) : "***")),
    "6304",
  ].join("");
  return payload + crc16Ccitt(payload);
}

/** CRC16-CCITT (0x1021, initial 0xFFFF) as four upper-case hex digits. */
export function crc16Ccitt(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}
