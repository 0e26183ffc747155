import type { MouseEvent } from "react";

/** The terms and privacy links lead nowhere yet (spec §2.5). */
export function deadLink(event: MouseEvent) {
  event.preventDefault();
}
