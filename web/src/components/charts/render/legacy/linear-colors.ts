/**
 * Superset's sequential colour schemes (`linear_color_scheme`) as colour stops, usable both as a
 * Plotly colorscale and to colour SVG marks. Unknown names fall back to the default scheme.
 */
const STOPS: Record<string, string[]> = {
  superset_seq_1: ["#F3E3D7", "#E8B39A", "#DA8267", "#C55A48", "#A6383B", "#751F32"],
  superset_seq_2: ["#E1F3E7", "#B5DFC2", "#7CC69C", "#4CA880", "#2F8A6A", "#11604F"],
  blue_white_yellow: ["#00d1c1", "#ffffff", "#ffb400"],
  fire: ["#ffffff", "#ffff00", "#ff0000", "#000000"],
  white_black: ["#ffffff", "#000000"],
  black_white: ["#000000", "#ffffff"],
  dark_blue: ["#EBF5F8", "#6BB1CC", "#357E9B", "#1B4150", "#092935"],
  pink_grey: ["#E70B81", "#FAFAFA", "#666666"],
  greens: ["#ffffcc", "#78c679", "#006837"],
  purples: ["#f2f0f7", "#9e9ac8", "#54278f"],
  oranges: ["#fef0d9", "#fc8d59", "#b30000"],
  red_yellow_blue: ["#d7191c", "#fdae61", "#ffffbf", "#abd9e9", "#2c7bb6"],
  brown_white_green: ["#a6611a", "#dfc27d", "#f5f5f5", "#80cdc1", "#018571"],
  purple_white_green: ["#7b3294", "#c2a5cf", "#f7f7f7", "#a6dba0", "#008837"],
  schemeBlues: ["#f7fbff", "#6baed6", "#08306b"],
  Blues: ["#f7fbff", "#6baed6", "#08306b"],
  schemeGreens: ["#f7fcf5", "#74c476", "#00441b"],
  Greens: ["#f7fcf5", "#74c476", "#00441b"],
  schemeReds: ["#fff5f0", "#fb6a4a", "#67000d"],
  Reds: ["#fff5f0", "#fb6a4a", "#67000d"],
  schemeOranges: ["#fff5eb", "#fd8d3c", "#7f2704"],
  schemePurples: ["#fcfbfd", "#9e9ac8", "#3f007d"],
  schemeGreys: ["#ffffff", "#969696", "#000000"],
  schemeRdBu: ["#67001f", "#f7f7f7", "#053061"],
  RdBu: ["#67001f", "#f7f7f7", "#053061"],
  schemeRdYlGn: ["#a50026", "#ffffbf", "#006837"],
  schemeRdYlBu: ["#a50026", "#ffffbf", "#313695"],
  YlOrRd: ["#ffffcc", "#fd8d3c", "#800026"],
  Viridis: ["#440154", "#21918c", "#fde725"],
  schemeSpectral: ["#9e0142", "#fdae61", "#ffffbf", "#abdda4", "#5e4fa2"],
};

export const DEFAULT_LINEAR_SCHEME = "superset_seq_1";

export function linearStops(name: unknown): string[] {
  return STOPS[String(name)] ?? STOPS[DEFAULT_LINEAR_SCHEME];
}

/** A Plotly colorscale ([[0, c0], …, [1, cn]]) of a scheme. */
export function plotlyColorscale(name: unknown): [number, string][] {
  const stops = linearStops(name);
  return stops.map((c, i) => [i / (stops.length - 1), c]);
}

const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));

/** The colour at t ∈ [0, 1] along a scheme (linear in RGB between its stops). */
export function linearColor(name: unknown, t: number): string {
  const stops = linearStops(name);
  const x = Math.min(Math.max(Number.isFinite(t) ? t : 0, 0), 1) * (stops.length - 1);
  const i = Math.min(Math.floor(x), stops.length - 2);
  const [a, b] = [rgb(stops[i]), rgb(stops[i + 1])];
  const f = x - i;
  const mix = a.map((v, k) => Math.round(v + (b[k] - v) * f));
  return `rgb(${mix.join(", ")})`;
}

/** The schemes offered by the linear colour scheme controls. */
export const LINEAR_SCHEME_CHOICES: [string, string][] = [
  ["superset_seq_1", "Superset sequential #1"],
  ["superset_seq_2", "Superset sequential #2"],
  ["blue_white_yellow", "blue/white/yellow"],
  ["fire", "fire"],
  ["white_black", "white/black"],
  ["black_white", "black/white"],
  ["dark_blue", "dark blues"],
  ["pink_grey", "pink/grey"],
  ["greens", "greens"],
  ["purples", "purples"],
  ["oranges", "oranges"],
  ["red_yellow_blue", "red/yellow/blue"],
  ["brown_white_green", "brown/white/green"],
  ["purple_white_green", "purple/white/green"],
  ["schemeRdYlGn", "red/yellow/green"],
  ["schemeSpectral", "spectral"],
];
