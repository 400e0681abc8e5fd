import { ColorInput } from "@mantine/core";

/** Superset's colour picker value: channels 0–255 and alpha 0–1. */
interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

interface Props {
  label: React.ReactNode;
  value: unknown;
  onChange: (value: Rgba) => void;
  testId: string;
}

const isRgba = (v: unknown): v is Rgba =>
  !!v &&
  typeof v === "object" &&
  ["r", "g", "b"].every((k) => typeof (v as Record<string, unknown>)[k] === "number");

const toCss = (v: unknown) => (isRgba(v) ? `rgba(${v.r}, ${v.g}, ${v.b}, ${v.a ?? 1})` : "");

/** `rgba(1, 2, 3, 0.5)` (what the colour input gives) as Superset's `{r, g, b, a}`, or null. */
export function parseRgba(text: string): Rgba | null {
  const m = /^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*(?:,\s*([\d.]+)\s*)?\)$/.exec(text.trim());
  if (!m) return null;
  return { r: Number(m[1]), g: Number(m[2]), b: Number(m[3]), a: m[4] === undefined ? 1 : Number(m[4]) };
}

/** Superset's ColorPickerControl (map layers' fill and line colours). */
export function ColorPickerControl({ label, value, onChange, testId }: Props) {
  return (
    <ColorInput
      label={label}
      format="rgba"
      value={toCss(value)}
      onChange={(text) => {
        const rgba = parseRgba(text);
        if (rgba) onChange(rgba);
      }}
      data-test={testId}
    />
  );
}
