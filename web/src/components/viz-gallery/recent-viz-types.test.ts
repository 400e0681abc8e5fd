import { afterEach, describe, expect, it, vi } from "vitest";
import {
  RECENT_LIMIT,
  readRecentVizTypes,
  recentStorageKey,
  rememberVizType,
  withRecent,
} from "./recent-viz-types";

afterEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
});

describe("recently used visualisation types", () => {
  it("puts the chosen key first, once, and keeps at most RECENT_LIMIT", () => {
    expect(withRecent([], "pie")).toEqual(["pie"]);
    expect(withRecent(["table", "pie", "line"], "pie")).toEqual(["pie", "table", "line"]);
    const full = Array.from({ length: RECENT_LIMIT }, (_, i) => `k${i}`);
    const next = withRecent(full, "new");
    expect(next).toHaveLength(RECENT_LIMIT);
    expect(next[0]).toBe("new");
    expect(next).not.toContain(`k${RECENT_LIMIT - 1}`);
  });

  it("is stored per user: one user's choices are not another's", () => {
    rememberVizType(1, "pie");
    rememberVizType(1, "table");
    rememberVizType(2, "word_cloud");
    expect(readRecentVizTypes(1)).toEqual(["table", "pie"]);
    expect(readRecentVizTypes(2)).toEqual(["word_cloud"]);
    expect(readRecentVizTypes(null)).toEqual([]);
    expect(window.localStorage.getItem(recentStorageKey(1))).toBe('["table","pie"]');
  });

  it("reads malformed storage as nothing remembered", () => {
    window.localStorage.setItem(recentStorageKey(3), "{not json");
    expect(readRecentVizTypes(3)).toEqual([]);
    window.localStorage.setItem(recentStorageKey(3), JSON.stringify({ a: 1 }));
    expect(readRecentVizTypes(3)).toEqual([]);
    window.localStorage.setItem(recentStorageKey(3), JSON.stringify(["pie", 4, "", "pie", "table"]));
    expect(readRecentVizTypes(3)).toEqual(["pie", "table"]);
  });

  it("still answers when storage refuses writes", () => {
    vi.spyOn(window.localStorage, "setItem").mockImplementation(() => {
      throw new Error("QuotaExceededError");
    });
    expect(rememberVizType(4, "pie")).toEqual(["pie"]);
    expect(readRecentVizTypes(4)).toEqual([]);
  });
});
