/** A small bar sparkline (e.g. events per minute over the last hour). */
export function Sparkline({ values, label, width = 90, height = 18 }: { values: number[]; label: string; width?: number; height?: number }) {
  const max = Math.max(1, ...values);
  const w = width / Math.max(1, values.length);
  return (
    <svg className="sparkline" width={width} height={height} role="img" aria-label={label}>
      <title>{label}</title>
      {values.map((v, i) =>
        v > 0 ? <rect key={i} x={i * w} y={height - (v / max) * height} width={Math.max(1, w - 0.5)} height={(v / max) * height} /> : null,
      )}
    </svg>
  );
}
