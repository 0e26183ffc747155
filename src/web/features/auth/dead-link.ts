import type { MouseEvent } from "react";

/** 'Esqueceu sua senha?' and the terms and privacy links lead nowhere yet (spec §2.5). */
export function deadLink(event: MouseEvent) {
  event.preventDefault();
}
