import { describe, expect, it } from "vitest";
import { functionCompletionSource } from "./function-completion";

const NAMES = ["approx_count_distinct", "avg", "date_trunc"];

type Context = Parameters<ReturnType<typeof functionCompletionSource>>[0];

/**
 * The parts of CodeMirror's CompletionContext the source reads ("|" marks the cursor).
 * `tokenBefore` stands in for the syntax tree: inside quotes or after `--`. The real editor is
 * exercised by test/e2e/related-objects.test.ts.
 */
function contextAt(textWithCursor: string, explicit = false): Context {
  const pos = textWithCursor.indexOf("|");
  const doc = textWithCursor.replace("|", "");
  const before = doc.slice(0, pos);
  return {
    state: { sliceDoc: (from: number, to: number) => doc.slice(from, to) },
    pos,
    explicit,
    matchBefore(expr: RegExp) {
      const m = expr.exec(before);
      return m ? { from: m.index, to: pos, text: m[0] } : null;
    },
    tokenBefore() {
      const quotes = (before.match(/'/g) ?? []).length;
      return quotes % 2 === 1 || /--[^\n]*$/.test(before) ? { from: 0, to: pos, text: "", type: {} } : null;
    },
  } as unknown as Context;
}

const complete = (text: string, explicit = false) =>
  functionCompletionSource(NAMES)(contextAt(text, explicit)) as {
    from: number;
    options: { label: string; type: string }[];
    validFor: RegExp;
  } | null;

describe("function completion", () => {
  it("offers every function, as functions, from the start of the word being typed", () => {
    const result = complete("SELECT approx_co|");
    expect(result?.from).toBe(7);
    expect(result?.options).toEqual(NAMES.map((label) => ({ label, type: "function" })));
    // CodeMirror filters the list itself as the word grows, and asks again past its end.
    expect(result?.validFor.test("approx_cou")).toBe(true);
    expect(result?.validFor.test("approx_co(")).toBe(false);
  });

  it("stays quiet with no word typed unless asked with Ctrl+Space", () => {
    expect(complete("SELECT |")).toBeNull();
    expect(complete("SELECT |", true)?.from).toBe(7);
  });

  it("offers nothing after a dot, in a string or in a comment", () => {
    expect(complete("SELECT t.av|")).toBeNull();
    expect(complete("SELECT 'av|")).toBeNull();
    expect(complete("SELECT 1 -- av|")).toBeNull();
    expect(complete("SELECT 'x', av|")?.from).toBe(12);
  });
});
