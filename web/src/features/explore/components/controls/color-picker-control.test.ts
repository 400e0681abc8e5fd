import { describe, expect, it } from "vitest";
import { parseRgba } from "./color-picker-control";

describe("colour picker values", () => {
  it("reads the colour input's rgba text as Superset's {r, g, b, a}", () => {
    expect(parseRgba("rgba(204, 0, 0, 0.5)")).toEqual({ r: 204, g: 0, b: 0, a: 0.5 });
    expect(parseRgba("rgb(1,2,3)")).toEqual({ r: 1, g: 2, b: 3, a: 1 });
    expect(parseRgba("#ff0000")).toBeNull();
    expect(parseRgba("rgba(1, 2)")).toBeNull();
  });
});
