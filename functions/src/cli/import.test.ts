import { describe, expect, it } from "vitest";
import { resourceOf } from "./import.ts";

const tree = (type: string) =>
  new Map([["metadata.yaml", new TextEncoder().encode(`version: 1.0.0\ntype: ${type}\n`)]]);

describe("resourceOf", () => {
  it("maps Superset's model types to resources", () => {
    expect(resourceOf(tree("Slice"))).toBe("chart");
    expect(resourceOf(tree("Dashboard"))).toBe("dashboard");
  });

  it("refuses a type named like an Object.prototype member as unknown", () => {
    for (const type of ["constructor", "toString", "hasOwnProperty"]) {
      expect(() => resourceOf(tree(type))).toThrow(`metadata.yaml has an unknown type (${type}).`);
    }
  });
});
