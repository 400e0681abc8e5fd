import { describe, expect, it } from "vitest";
import {
  clearHistory,
  createHistory,
  isHistoryExhausted,
  record,
  redo,
  UNDO_LIMIT,
  undo,
  undoExhaustedMessage,
} from "./undo-history";

describe("undo history (001 §4, §8)", () => {
  it("undoes and redoes; a new step drops the redo branch", () => {
    let h = createHistory(0);
    h = record(h, 1);
    h = record(h, 2);
    h = undo(h);
    expect(h).toEqual({ past: [0], present: 1, future: [2] });
    h = redo(h);
    expect(h.present).toBe(2);
    h = undo(undo(h));
    expect(undo(h)).toBe(h);
    h = record(h, 5);
    expect(h).toEqual({ past: [0], present: 5, future: [] });
    expect(redo(h)).toBe(h);
  });

  it("keeps at most the limit of past steps, and says when they are all used", () => {
    let h = createHistory(0);
    for (let i = 1; i < UNDO_LIMIT; i++) h = record(h, i);
    expect(h.past).toHaveLength(UNDO_LIMIT - 1);
    expect(isHistoryExhausted(h)).toBe(false);
    h = record(h, UNDO_LIMIT);
    expect(h.past).toHaveLength(UNDO_LIMIT);
    expect(isHistoryExhausted(h)).toBe(true);
    h = record(h, UNDO_LIMIT + 1);
    expect(h.past).toHaveLength(UNDO_LIMIT);
    expect(h.past[0]).toBe(1);
    expect(record(createHistory(0), 1, 3).past).toEqual([0]);
    expect(clearHistory(h)).toEqual({ past: [], present: UNDO_LIMIT + 1, future: [] });
    expect(UNDO_LIMIT).toBe(50);
  });

  it("words the exhaustion warning as 001 §8", () => {
    expect(undoExhaustedMessage(50)).toBe(
      "You have used all 50 undo slots and will not be able to fully undo subsequent actions. You may save your current state to reset the history.",
    );
  });
});
