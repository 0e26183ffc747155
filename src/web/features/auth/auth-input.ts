import type { ChangeEvent } from "react";

/**
 * Spec §5: auth inputs drop angle brackets and surrounding spaces as they are typed. A trailing
 * space is kept while typing (else "Maria Clara" could not be typed) and removed on submit by
 * the shared schema; e-mails cannot hold spaces, so theirs go at once. Passwords are secrets and
 * are left exactly as typed.
 */
export function typedText(value: string): string {
  return value.replace(/[<>]/g, "").trimStart();
}

export function typedEmail(value: string): string {
  return value.replace(/[<>\s]/g, "");
}

/** An onChange for Mantine form inputs that cleans the value first. */
export function cleaned(clean: (value: string) => string, set: (value: string) => void) {
  return (event: ChangeEvent<HTMLInputElement>) => set(clean(event.currentTarget.value));
}
