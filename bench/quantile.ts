/** The value at quantile `q` (0.5, 0.99...) of timings sorted ascending; 0 when there are none. */
export function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}
