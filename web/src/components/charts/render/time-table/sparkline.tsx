import { numberFormatter } from "../../format/number-format";

/** A small line of the values (gaps where missing), with its min and max as the y range. */
export function Sparkline({
  values,
  width,
  height,
  bounds,
  showYAxis,
  format,
}: {
  values: (number | null)[];
  width: number;
  height: number;
  bounds?: [number | null, number | null];
  showYAxis?: boolean;
  format?: string;
}) {
  const present = values.filter((v): v is number => v !== null && Number.isFinite(v));
  const lo = bounds?.[0] ?? (present.length ? Math.min(...present) : 0);
  const hi = bounds?.[1] ?? (present.length ? Math.max(...present) : 1);
  const span = hi - lo || 1;
  const axis = showYAxis ? 36 : 0;
  const x = (i: number) =>
    axis + (values.length > 1 ? (i / (values.length - 1)) * (width - axis - 2) : 0) + 1;
  const y = (v: number) => height - 2 - ((v - lo) / span) * (height - 4);
  let d = "";
  let pen = false;
  values.forEach((v, i) => {
    if (v === null || !Number.isFinite(v)) {
      pen = false;
      return;
    }
    d += `${pen ? "L" : "M"}${x(i).toFixed(1)},${y(v).toFixed(1)}`;
    pen = true;
  });
  const fmt = numberFormatter(format);
  return (
    <svg width={width} height={height} data-test="time-table-sparkline" style={{ display: "block" }}>
      {showYAxis && (
        <g fontSize={9} fill="currentColor">
          <text x={0} y={9}>
            {fmt(hi)}
          </text>
          <text x={0} y={height - 1}>
            {fmt(lo)}
          </text>
        </g>
      )}
      <path d={d} fill="none" stroke="#1f77b4" strokeWidth={1.5} />
    </svg>
  );
}
