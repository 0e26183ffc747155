/**
 * The first `Intl.NumberFormat` a page builds starts ICU's number formatting: ~15 ms on a desktop,
 * four times that on the phone Lighthouse simulates, whatever the locale; every formatter after it
 * (`toLocaleString` too) costs microseconds. The dashboard's first render formats counts and
 * amounts, so that start-up ran inside the render's long task. Built here, in a task of its own,
 * while the app waits for the profile and the screen's chunks, it blocks nothing for long.
 */
export function warmUpNumberFormatting(): void {
  setTimeout(() => new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(0), 0);
}
