import { translatable } from "../../lib/i18n";

/** Categorical colour schemes (Superset's names) and sequential ones for heatmaps. */
export const CATEGORICAL_SCHEMES: Record<string, { label: string; colors: string[] }> = {
  supersetColors: {
    label: translatable("Superset Colors"),
    colors: [
      "#1FA8C9",
      "#454E7C",
      "#5AC189",
      "#FF7F44",
      "#666666",
      "#E04355",
      "#FCC700",
      "#A868B7",
      "#3CCCCB",
      "#A38F79",
      "#8FD3E4",
      "#A1A6BD",
      "#ACE1C4",
      "#FEC0A1",
      "#B2B2B2",
      "#EFA1AA",
      "#FDE380",
      "#D3B3DA",
      "#9EE5E5",
      "#D1C6BC",
    ],
  },
  bnbColors: {
    label: translatable("Airbnb Colors"),
    colors: [
      "#ff5a5f",
      "#7b0051",
      "#007A87",
      "#00d1c1",
      "#8ce071",
      "#ffb400",
      "#b4a76c",
      "#ff8083",
      "#cc0086",
      "#00a1b3",
      "#00ffeb",
      "#bbedab",
      "#ffd266",
      "#cbc29a",
      "#ff3339",
      "#ff1ab1",
      "#005c66",
      "#00b3a5",
    ],
  },
  d3Category10: {
    label: translatable("D3 Category 10"),
    colors: [
      "#1f77b4",
      "#ff7f0e",
      "#2ca02c",
      "#d62728",
      "#9467bd",
      "#8c564b",
      "#e377c2",
      "#7f7f7f",
      "#bcbd22",
      "#17becf",
    ],
  },
  googleCategory10c: {
    label: translatable("Google Category 10c"),
    colors: [
      "#3366cc",
      "#dc3912",
      "#ff9900",
      "#109618",
      "#990099",
      "#0099c6",
      "#dd4477",
      "#66aa00",
      "#b82e2e",
      "#316395",
    ],
  },
};

export const DEFAULT_COLOR_SCHEME = "supersetColors";

export function schemeColors(name: unknown): string[] {
  return (CATEGORICAL_SCHEMES[String(name)] ?? CATEGORICAL_SCHEMES[DEFAULT_COLOR_SCHEME]).colors;
}

/** Sequential colour scales drawn by Plotly (heatmaps). */
export const LINEAR_SCHEMES: [string, string][] = [
  ["Blues", "Blues"],
  ["Greens", "Greens"],
  ["Reds", "Reds"],
  ["YlOrRd", "Yellow–orange–red"],
  ["Viridis", "Viridis"],
  ["RdBu", "Red–blue (diverging)"],
];
