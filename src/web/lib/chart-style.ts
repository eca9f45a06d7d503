/** Every chart's tooltip: the card's colours, so it reads in either theme. */
export const CHART_TOOLTIP_STYLE = {
  background: "var(--card)",
  border: "1px solid var(--border)",
  color: "var(--foreground)",
} as const;
