import { describe, expect, it } from "vitest";
import { assembleChunk, decodeChunk, encodeColumn } from "./column-chunk.ts";

/** Encodes batches (each a list of columns) into one chunk and reads it back. */
function roundTrip(batches: unknown[][][], from?: (bytes: Buffer) => Uint8Array): unknown[][] {
  const segments = batches.flatMap((batch) => batch.map((col, i) => encodeColumn(i, col)));
  const bytes = assembleChunk(segments);
  return decodeChunk(from ? from(bytes) : bytes, batches[0].length);
}

describe("stored result chunks laid out by column", () => {
  it("gives back numbers, text, nulls and empty strings exactly", () => {
    const nums = [0, -0.5, 1e300, Number.MAX_SAFE_INTEGER, -7, null, 0.1 + 0.2];
    const text = ["", null, "row 1", "é🙂 text", "a\u0000b", "\ud800 lone", "2024-01-01 00:00:00"];
    const out = roundTrip([[nums, text]]);
    expect(out[0]).toEqual(nums);
    // A lone surrogate cannot be UTF-8: it comes back as the replacement character, like JSON text would after decoding.
    expect(out[1]).toEqual(text.map((t) => (t === "\ud800 lone" ? "\ufffd lone" : t)));
  });

  it("keeps JSON for what is neither a finite number nor a string, per batch", () => {
    const mixed = [true, false, null, { a: [1, "x"] }, [1, 2], 5, "s"];
    const nonFinite = [1, Number.NaN, Number.POSITIVE_INFINITY];
    const out = roundTrip([
      [mixed, nonFinite],
      [
        [1, 2, 3, 4, 5, 6, 7],
        [4, 5, 6],
      ],
    ]);
    expect(out[0]).toEqual([...mixed, 1, 2, 3, 4, 5, 6, 7]);
    // As in the JSON chunks before: what JSON cannot hold is null.
    expect(out[1]).toEqual([1, null, null, 4, 5, 6]);
  });

  it("joins a column's batches in order and reads a chunk that does not start on an aligned byte", () => {
    const a = Array.from({ length: 1001 }, (_, i) => (i % 3 === 0 ? null : i));
    const b = Array.from({ length: 1001 }, (_, i) => (i % 5 === 0 ? null : `v${i}`));
    const c = [null, null, null];
    const unaligned = (bytes: Buffer) => {
      const shifted = new Uint8Array(bytes.length + 3);
      shifted.set(bytes, 3);
      return shifted.subarray(3);
    };
    const out = roundTrip(
      [
        [a, b],
        [c, c],
      ],
      unaligned,
    );
    expect(out[0]).toEqual([...a, ...c]);
    expect(out[1]).toEqual([...b, ...c]);
    expect(roundTrip([[[], []]])).toEqual([[], []]);
  });

  it("refuses a chunk cut short instead of reading past its end", () => {
    const bytes = assembleChunk([encodeColumn(0, ["some text", "more"])]);
    expect(() => decodeChunk(bytes.subarray(0, bytes.length - 12), 1)).toThrow(/cut short/);
    expect(() => decodeChunk(bytes, 0)).toThrow(/column/);
  });
});
