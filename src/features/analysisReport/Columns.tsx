/** Vertical bars over time (alarms per hour, day or month), plain SVG scaled to its box. */
export function Columns({
  items,
  label,
  testId,
  height = 180,
}: {
  items: { label: string; value: number }[];
  /** what the chart shows, for screen readers (each bar also carries its own title) */
  label: string;
  testId?: string;
  height?: number;
}) {
  const width = 640;
  const left = 30;
  const bottom = 20;
  const top = 12;
  const plotW = width - left - 6;
  const plotH = height - bottom - top;
  const max = Math.max(4, ...items.map((i) => i.value));
  const slot = plotW / Math.max(1, items.length);
  const barW = Math.max(2, Math.min(24, slot * 0.7));
  const every = Math.max(1, Math.ceil(items.length / 12));
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className="h-auto w-full" role="img" aria-label={label} data-testid={testId}>
      {[0, 0.5, 1].map((f) => {
        const y = top + plotH - f * plotH;
        return (
          <g key={f}>
            <line x1={left} x2={width - 6} y1={y} y2={y} className="stroke-line" />
            <text x={left - 4} y={y + 4} textAnchor="end" fontSize="10" className="fill-muted">
              {Math.round(max * f * 10) / 10}
            </text>
          </g>
        );
      })}
      {items.map((it, i) => {
        const h = (it.value / max) * plotH;
        const x = left + i * slot + (slot - barW) / 2;
        return (
          <g key={i} data-value={it.value}>
            <rect x={x} y={top + plotH - h} width={barW} height={h} rx={1.5} className="fill-brand">
              <title>{`${it.label}: ${it.value}`}</title>
            </rect>
            {i % every === 0 && (
              <text x={x + barW / 2} y={height - 5} textAnchor="middle" fontSize="10" className="fill-muted">
                {it.label}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
