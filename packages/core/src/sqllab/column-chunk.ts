/**
 * The stored form of a SQL Lab result chunk: columns laid out as bytes rather than JSON text.
 * Turning a million rows into JSON cost more than running the query that produced them; copying
 * numbers into a Float64Array and joining strings into one UTF-8 run costs a fraction of that,
 * and reading them back is as cheap. Values that are neither finite numbers nor strings (booleans,
 * lists, structs) keep JSON, per batch, so every engine's values round-trip as they did.
 *
 * A chunk is: a 4-byte little-endian header length, the header (JSON: the segments in order),
 * then each segment's parts, every part padded to 8 bytes so typed arrays can view them in place.
 * A segment is one batch of one column:
 *   num:  values as float64 [, null bitmap]
 *   text: UTF-16 lengths as uint32 [, null bitmap], the strings joined as UTF-8
 *   json: the values' JSON array as UTF-8
 */

type Kind = "num" | "text" | "json";
/** [column, kind, rows, has nulls, UTF-8 bytes of its text (text and json)] */
type Segment = [number, Kind, number, boolean, number];

/** One column of one batch, encoded and waiting to be put into a chunk. */
export interface EncodedSegment {
  segment: Segment;
  parts: Uint8Array[];
}

const pad8 = (n: number) => (n + 7) & ~7;

function kindOf(values: unknown[]): Kind {
  let numbers = true;
  let strings = true;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined) continue;
    if (typeof v === "number") {
      // NaN and ±Infinity are null in JSON; left to JSON they stay what they were before.
      if (!Number.isFinite(v)) return "json";
      strings = false;
    } else if (typeof v === "string") numbers = false;
    else return "json";
    if (!numbers && !strings) return "json";
  }
  return numbers ? "num" : "text";
}

function nullBitmap(values: unknown[]): Uint8Array | undefined {
  let bits: Uint8Array | undefined;
  for (let i = 0; i < values.length; i++) {
    if (values[i] !== null && values[i] !== undefined) continue;
    bits ??= new Uint8Array(Math.ceil(values.length / 8));
    bits[i >> 3] |= 1 << (i & 7);
  }
  return bits;
}

export function encodeColumn(column: number, values: unknown[]): EncodedSegment {
  const kind = kindOf(values);
  const rows = values.length;
  if (kind === "json") {
    const text = Buffer.from(JSON.stringify(values));
    return { segment: [column, kind, rows, false, text.length], parts: [text] };
  }
  const nulls = nullBitmap(values);
  const extra = nulls ? [nulls] : [];
  if (kind === "num") {
    const nums = new Float64Array(rows);
    for (let i = 0; i < rows; i++) nums[i] = (values[i] as number | null) ?? 0;
    return { segment: [column, kind, rows, !!nulls, 0], parts: [new Uint8Array(nums.buffer), ...extra] };
  }
  const lengths = new Uint32Array(rows);
  for (let i = 0; i < rows; i++) lengths[i] = (values[i] as string | null)?.length ?? 0;
  // join writes null as the empty string, which the bitmap then tells apart from "".
  const text = Buffer.from(values.join(""));
  return {
    segment: [column, kind, rows, !!nulls, text.length],
    parts: [new Uint8Array(lengths.buffer), ...extra, text],
  };
}

/** The chunk's bytes: header, then every segment's parts in order. */
export function assembleChunk(segments: EncodedSegment[]): Buffer {
  const header = Buffer.from(JSON.stringify(segments.map((s) => s.segment)));
  const start = pad8(4 + header.length);
  let size = start;
  for (const s of segments) for (const p of s.parts) size += pad8(p.length);
  const out = Buffer.alloc(size);
  out.writeUInt32LE(header.length, 0);
  header.copy(out, 4);
  let at = start;
  for (const s of segments)
    for (const p of s.parts) {
      out.set(p, at);
      at += pad8(p.length);
    }
  return out;
}

/** The chunk's columns as values again, `columns` arrays long. */
export function decodeChunk(stored: Uint8Array, columns: number): unknown[][] {
  // A view into a pooled buffer may start anywhere; typed arrays need their own alignment.
  const bytes = stored.byteOffset % 8 === 0 ? stored : new Uint8Array(stored);
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const headerLength = buf.readUInt32LE(0);
  const segments = JSON.parse(buf.toString("utf8", 4, 4 + headerLength)) as Segment[];
  const out: unknown[][] = Array.from({ length: columns }, () => []);
  let at = pad8(4 + headerLength);
  const take = (length: number) => {
    const from = at;
    if (from + length > buf.length) throw new Error("A stored result chunk is cut short");
    at += pad8(length);
    return from;
  };
  for (const [column, kind, rows, hasNulls, textBytes] of segments) {
    const values = out[column];
    if (!values) throw new Error("A stored result chunk names a column the result does not have");
    if (kind === "json") {
      const from = take(textBytes);
      for (const v of JSON.parse(buf.toString("utf8", from, from + textBytes)) as unknown[]) values.push(v);
      continue;
    }
    const head = take(rows * (kind === "num" ? 8 : 4));
    const nulls = hasNulls ? buf.subarray(take(Math.ceil(rows / 8))) : undefined;
    const isNull = (i: number) => nulls !== undefined && (nulls[i >> 3] & (1 << (i & 7))) !== 0;
    if (kind === "num") {
      const nums = new Float64Array(buf.buffer, buf.byteOffset + head, rows);
      for (let i = 0; i < rows; i++) values.push(isNull(i) ? null : nums[i]);
      continue;
    }
    const lengths = new Uint32Array(buf.buffer, buf.byteOffset + head, rows);
    const from = take(textBytes);
    const text = buf.toString("utf8", from, from + textBytes);
    let pos = 0;
    for (let i = 0; i < rows; i++) {
      const end = pos + lengths[i];
      values.push(isNull(i) ? null : text.slice(pos, end));
      pos = end;
    }
  }
  return out;
}
