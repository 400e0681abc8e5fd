import { DEFAULT_COLOR_SCHEME, schemeColors } from "./colors";
import type { FormData } from "./types";

/**
 * Shared label colours (Superset's CategoricalColorNamespace): within a namespace (one dashboard,
 * or Explore) a label gets a colour the first time any chart draws it and keeps it, so a series
 * has the same colour in every chart and keeps it when a filter removes the others.
 * Precedence: the chart's or dashboard's `label_colors` (chosen by the user), then colours the
 * namespace already gave out (seeded from the dashboard's `map_label_colors`), then the scheme's
 * next colour.
 */
class LabelColorScale {
  private readonly assigned = new Map<string, string>();
  /** The colours `assigned` holds (a label keeps its colour for the page's life). */
  private readonly taken = new Set<string>();
  /**
   * The colour maps already seeded from: every label of every chart seeds from its dashboard's map,
   * the same object each time, and reading it again would add nothing (seeding only adds).
   */
  private readonly seeded = new WeakSet<object>();
  private readonly listeners = new Set<() => void>();
  private next = 0;

  constructor(private readonly scheme: string) {}

  seed(colors: Record<string, string> | undefined): void {
    if (!colors || this.seeded.has(colors)) return;
    this.seeded.add(colors);
    for (const [label, color] of Object.entries(colors)) {
      if (!this.assigned.has(label) && typeof color === "string") this.assign(label, color);
    }
  }

  private assign(label: string, color: string): void {
    this.assigned.set(label, color);
    this.taken.add(color);
  }

  colorOf(label: string): string {
    const known = this.assigned.get(label);
    if (known) return known;
    const palette = schemeColors(this.scheme);
    const taken = this.taken;
    // The next scheme colour no label holds yet (seeded colours keep theirs); cycle when all are used.
    let color = palette[this.next % palette.length];
    for (let i = 0; i < palette.length && taken.has(color); i += 1) {
      this.next += 1;
      color = palette[this.next % palette.length];
    }
    this.next += 1;
    this.assign(label, color);
    for (const listener of this.listeners) listener();
    return color;
  }

  snapshot(): Record<string, string> {
    return Object.fromEntries(this.assigned);
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

const scales = new Map<string, LabelColorScale>();

/** The scale of a namespace and scheme (one per pair for the page's life, as Superset's). */
export function labelColorScale(namespace: string, scheme: string): LabelColorScale {
  const key = `${namespace}\u0000${scheme}`;
  let scale = scales.get(key);
  if (!scale) {
    scale = new LabelColorScale(scheme);
    scales.set(key, scale);
  }
  return scale;
}

export const EXPLORE_COLOR_NAMESPACE = "explore";

const schemeOf = (fd: FormData) => String(fd.color_scheme || DEFAULT_COLOR_SCHEME);
const namespaceOf = (fd: FormData) =>
  typeof fd.color_namespace === "string" && fd.color_namespace ? fd.color_namespace : EXPLORE_COLOR_NAMESPACE;

/** The colour of a series or category label in this chart. */
export function labelColor(fd: FormData, label: string): string {
  const custom = fd.label_colors as Record<string, string> | undefined;
  if (custom && typeof custom[label] === "string") return custom[label];
  const scale = labelColorScale(namespaceOf(fd), schemeOf(fd));
  scale.seed(fd.map_label_colors as Record<string, string> | undefined);
  return scale.colorOf(label);
}
