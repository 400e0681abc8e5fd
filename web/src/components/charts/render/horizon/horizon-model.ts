/** Superset's horizon colours: four bands of blue for negative values, four of red for positive. */
export const HORIZON_COLORS = [
  "#313695",
  "#4575b4",
  "#74add1",
  "#abd9e9",
  "#fee090",
  "#fdae61",
  "#f46d43",
  "#d73027",
];
export const BANDS = HORIZON_COLORS.length / 2;

export type HorizonScale = "series" | "overall" | "change";

/** The values a row draws: as they are, or (`change`) minus the series' first value. */
export function horizonValues(values: (number | null)[], scale: HorizonScale): (number | null)[] {
  if (scale !== "change") return values;
  const first = values.find((v) => v !== null) ?? 0;
  return values.map((v) => (v === null ? null : v - first));
}

/** The largest magnitude a row's bands span: the row's own, or every row's (`overall`). */
export function horizonExtent(
  rows: (number | null)[][],
  row: (number | null)[],
  scale: HorizonScale,
): number {
  const max = (vs: (number | null)[]) => vs.reduce<number>((a, v) => Math.max(a, Math.abs(v ?? 0)), 0);
  return scale === "overall" ? Math.max(0, ...rows.map(max)) : max(row);
}

/**
 * The band areas of a row, in offset mode: the value range is cut in BANDS slices, each drawn
 * from the bottom (positive values, reds) or from the top (negative, blues) of the row, darker
 * slices over lighter ones, so a tall value reads as a darker colour rather than a taller shape.
 */
export function horizonBands(
  values: (number | null)[],
  extent: number,
  width: number,
  height: number,
): { d: string; color: string }[] {
  if (!values.length || extent <= 0) return [];
  const step = extent / BANDS;
  const x = (i: number) => (values.length > 1 ? (i / (values.length - 1)) * width : width / 2);
  const out: { d: string; color: string }[] = [];
  for (const sign of [1, -1]) {
    for (let b = 0; b < BANDS; b += 1) {
      const heights = values.map((v) => {
        const part = Math.min(Math.max((v ?? 0) * sign - b * step, 0), step);
        return (part / step) * height;
      });
      if (!heights.some((h) => h > 0)) continue;
      const base = sign > 0 ? height : 0;
      const edge = heights.map((h, i) => `${x(i).toFixed(1)},${(sign > 0 ? height - h : h).toFixed(1)}`);
      const d = `M${x(0).toFixed(1)},${base}L${edge.join("L")}L${x(values.length - 1).toFixed(1)},${base}Z`;
      out.push({ d, color: HORIZON_COLORS[sign > 0 ? BANDS + b : BANDS - 1 - b] });
    }
  }
  return out;
}
