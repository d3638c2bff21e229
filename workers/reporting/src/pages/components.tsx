import { barChart, formatUsd, trimDecimal } from "@sluice/core";

/** A USD amount rounded to cents for reading; `data-value` keeps the exact decimal. */
export function Usd({ value, exact }: { value: string; exact?: boolean }) {
  return <span data-value={trimDecimal(value)}>{exact ? trimDecimal(value) : formatUsd(value)}</span>;
}

/** `2026-11-03T14:05:00.000Z` → `2026-11-03 14:05 UTC`. */
export function When({ at }: { at: Date | null }) {
  if (!at) return <span class="muted">never</span>;
  const iso = at.toISOString();
  return <time datetime={iso}>{`${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`}</time>;
}

/**
 * A bar chart drawn on the server as SVG (no script), described for screen readers; the same figures are in a
 * table next to it (`tableId`).
 */
export function BarChartSvg({ id, title, points, tableId }: { id: string; title: string; points: { label: string; value: string }[]; tableId: string }) {
  const chart = barChart({ points });
  const every = Math.max(1, Math.ceil(points.length / 10));
  return (
    <svg class="chart" id={id} viewBox={`0 0 ${chart.width} ${chart.height}`} role="img" aria-labelledby={`${id}-title`} aria-describedby={tableId}>
      <title id={`${id}-title`}>{title}</title>
      {chart.ticks.map((t) => (
        <g>
          <line class="grid" x1={chart.plot.left} x2={chart.plot.right} y1={t.y} y2={t.y} />
          <text x={chart.plot.left - 6} y={t.y + 4} text-anchor="end">{compact(t.value)}</text>
        </g>
      ))}
      {chart.bars.map((b, i) => (
        <g>
          <rect class="bar" x={b.x} y={b.y} width={b.width} height={b.height} data-label={b.label} data-value={trimDecimal(b.value)}>
            <title>{`${b.label}: ${formatUsd(b.value)} USD`}</title>
          </rect>
          {i % every === 0 ? <text x={b.x + b.width / 2} y={chart.height - 8} text-anchor="middle">{b.label}</text> : null}
        </g>
      ))}
    </svg>
  );
}

function compact(value: number): string {
  if (value >= 1e9) return `${trimDecimal((value / 1e9).toFixed(1))}B`;
  if (value >= 1e6) return `${trimDecimal((value / 1e6).toFixed(1))}M`;
  if (value >= 1e3) return `${trimDecimal((value / 1e3).toFixed(1))}k`;
  return trimDecimal(value.toFixed(2));
}

/** Previous / next month links. */
export function MonthSwitch({ path, month, previous, next }: { path: string; month: string; previous: string; next: string }) {
  return (
    <nav class="pager" aria-label="Month">
      <a href={`${path}?month=${previous}`} rel="prev">← {previous}</a>
      <strong aria-current="date">{month}</strong>
      <a href={`${path}?month=${next}`} rel="next">{next} →</a>
    </nav>
  );
}
