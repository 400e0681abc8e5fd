import { describe, expect, it } from "vitest";
import { autosizeWidth, MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, textMeasure } from "./autosize";

/** 10 px a character, 12 when bold. */
const measure = (text: string, bold?: boolean) => text.length * (bold ? 12 : 10);

describe("autosize width", () => {
  it("fits the widest sampled value plus padding", () => {
    // Header: 2 × 12 + 44 = 68; widest value: 15 × 10 = 150; plus 20 padding.
    expect(autosizeWidth("id", ["1", "123456789012345", "12"], measure)).toBe(170);
  });

  it("fits the header with room for the sort arrow and menu button", () => {
    expect(autosizeWidth("a_long_header", ["1"], measure)).toBe(13 * 12 + 44 + 20);
  });

  it("clamps to the minimum and maximum", () => {
    // An empty column keeps room for the header's sort arrow and menu button (44 + 20 padding).
    expect(autosizeWidth("", [""], () => 0)).toBe(64);
    expect(autosizeWidth("", [""], () => 0)).toBeGreaterThanOrEqual(MIN_COLUMN_WIDTH);
    expect(autosizeWidth("x", ["y".repeat(500)], measure)).toBe(MAX_COLUMN_WIDTH);
  });

  it("measures with a character-count guess when there is no canvas", () => {
    const m = textMeasure("14px sans-serif");
    expect(m("abcd")).toBeGreaterThan(m("ab"));
    expect(m("")).toBe(0);
  });
});
