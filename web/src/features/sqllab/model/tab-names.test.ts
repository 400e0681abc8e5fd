import { describe, expect, it } from "vitest";
import { copyTabName, isDefaultTabName, nextUntitledName, SHARED_QUERY, shortTabLabel } from "./tab-names";

describe("tab naming (002 §2, §9)", () => {
  it("starts at 1", () => expect(nextUntitledName([])).toBe("Untitled Query 1"));
  it("is one above the highest number, not the count", () =>
    expect(nextUntitledName(["Untitled Query 1", "Untitled Query 7", "Sales"])).toBe("Untitled Query 8"));
  it("ignores names that only look similar", () =>
    expect(nextUntitledName(["Untitled Query 3b", "Copy of Untitled Query 9"])).toBe("Untitled Query 1"));
  it("names copies and shared tabs", () => {
    expect(copyTabName("Sales")).toBe("Copy of Sales");
    expect(SHARED_QUERY).toBe("Shared query");
  });
  it("recognises default names", () => {
    expect(isDefaultTabName("Untitled Query 12")).toBe(true);
    expect(isDefaultTabName("Copy of Untitled Query 12")).toBe(false);
  });
  it("shortens labels over 20 characters", () => {
    expect(shortTabLabel("12345678901234567890")).toBe("12345678901234567890");
    expect(shortTabLabel("123456789012345678901")).toBe("12345678901234567890…");
  });
});
