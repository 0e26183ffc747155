export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
export const STRENGTH_THRESHOLD = 80;
export const PASSWORD_TOO_SHORT = "Senha deve ter pelo menos 12 caracteres";

const RULES: { test: (p: string) => boolean; message: string }[] = [
  { test: (p) => p.length >= PASSWORD_MIN_LENGTH, message: PASSWORD_TOO_SHORT },
  { test: (p) => /[a-z]/.test(p), message: "Deve conter pelo menos uma letra minúscula" },
  { test: (p) => /[A-Z]/.test(p), message: "Deve conter pelo menos uma letra maiúscula" },
  { test: (p) => /\d/.test(p), message: "Deve conter pelo menos um número" },
  { test: (p) => /[^A-Za-z0-9]/.test(p), message: "Deve conter pelo menos um símbolo especial" },
];

/** The spec §5 messages of every rule the password breaks, in order. */
export function passwordIssues(password: string): string[] {
  return RULES.filter((rule) => !rule.test(password)).map((rule) => rule.message);
}

/** Strength score of spec §5: length 25 (15 for 8–11), 20 each lower/upper/digit, 15 symbol. */
export function passwordStrength(password: string): number {
  let score = 0;
  if (password.length >= 12) score += 25;
  else if (password.length >= 8) score += 15;
  if (/[a-z]/.test(password)) score += 20;
  if (/[A-Z]/.test(password)) score += 20;
  if (/\d/.test(password)) score += 20;
  if (/[^A-Za-z0-9]/.test(password)) score += 15;
  return Math.min(score, 100);
}

export function strengthLabel(score: number): "Fraca" | "Média" | "Boa" | "Forte" {
  if (score < 30) return "Fraca";
  if (score < 60) return "Média";
  if (score < STRENGTH_THRESHOLD) return "Boa";
  return "Forte";
}
