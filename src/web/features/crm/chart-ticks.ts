/**
 * Evenly spaced, whole-number ticks from 0 covering `max`: at most `intervals` steps of 1, 2, 2.5
 * or 5 × 10ⁿ (never a fraction). The value axes of the reports pass them to recharts (`ticks`,
 * `domain`, `interval: 0`), so no label is dropped and none reads "0,25".
 */
export function evenTicks(max: number, intervals = 4): number[] {
  const top = Math.max(1, Math.ceil(max));
  const rough = top / intervals;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, ([1, 2, 2.5, 5, 10].find((m) => m * magnitude >= rough) ?? 10) * magnitude);
  const whole = Number.isInteger(step) ? step : Math.ceil(step);
  const ticks: number[] = [];
  for (let tick = 0; tick < top + whole; tick += whole) ticks.push(tick);
  return ticks;
}
