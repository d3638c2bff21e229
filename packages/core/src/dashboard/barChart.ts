/** Geometry of a server-rendered SVG bar chart (no script, no library): bars, axis ticks, and what each shows. */
export type BarChartInput = {
  points: { label: string; value: string }[];
  width?: number;
  height?: number;
};

export type BarChart = {
  width: number;
  height: number;
  /** The plot area inside the axes. */
  plot: { left: number; top: number; right: number; bottom: number };
  bars: { label: string; value: string; x: number; y: number; width: number; height: number }[];
  /** Horizontal grid lines with their values. */
  ticks: { value: number; y: number }[];
};

/** A "nice" ceiling for the axis: 1, 2 or 5 × 10^n at or above `max`. */
export function niceCeiling(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

export function barChart({ points, width = 720, height = 240 }: BarChartInput): BarChart {
  const plot = { left: 64, top: 12, right: width - 8, bottom: height - 28 };
  const max = niceCeiling(Math.max(0, ...points.map((p) => Number(p.value))));
  const span = plot.bottom - plot.top;
  const slot = points.length ? (plot.right - plot.left) / points.length : 0;
  const barWidth = Math.max(1, slot * 0.7);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    width, height, plot,
    bars: points.map((p, i) => {
      const h = (Number(p.value) / max) * span;
      return { label: p.label, value: p.value, x: round(plot.left + i * slot + (slot - barWidth) / 2), y: round(plot.bottom - h), width: round(barWidth), height: round(h) };
    }),
    ticks: [0, 0.25, 0.5, 0.75, 1].map((f) => ({ value: max * f, y: round(plot.bottom - f * span) })),
  };
}
