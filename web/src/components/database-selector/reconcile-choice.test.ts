import { describe, expect, it } from "vitest";
import { reconcileChoice } from "./reconcile-choice";

describe("catalog and schema choice (001 §4)", () => {
  it("auto-selects the only option", () => expect(reconcileChoice(null, ["main"])).toBe("main"));
  it("clears a value absent from the options", () => expect(reconcileChoice("gone", ["a", "b"])).toBeNull());
  it("keeps a valid value", () => expect(reconcileChoice("b", ["a", "b"])).toBe("b"));
  it("waits for options", () => expect(reconcileChoice("x", undefined)).toBe("x"));
});
