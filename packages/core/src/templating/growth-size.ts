import { TemplateLimitError } from "./limit-error.ts";
import { isList, isString, type RuntimeValue } from "./runtime-values.ts";

/*
 * How large the result of a template operation that can grow its input would be, worked out from
 * the inputs without building it: the sandbox refuses an operation whose result would pass the
 * render limit before the interpreter makes it (a `replace('', big)` once built ~90 MB first).
 */

/** How the interpreter writes a value as JSON: separators' lengths, indent, \\uXXXX for non-ASCII. */
export interface JsonShape {
  itemSep: number;
  keySep: number;
  indent: number;
  ascii: boolean;
}
/** `toString()` and a plain `|tojson`: `[1, "a"]`, `{"k": 1}`. */
export const PRINTED: JsonShape = { itemSep: 2, keySep: 2, indent: 0, ascii: false };

/** The shape `|tojson(indent=…, separators=…, ensure_ascii=…)` asks for. */
export function jsonShape(kwargs: Map<string, RuntimeValue>): JsonShape {
  const indent = kwargs.get("indent");
  const spaces = indent?.type === "IntegerValue" ? (indent.value as number) : 0;
  const separators = kwargs.get("separators");
  const [item, key] = isList(separators) ? separators.value : [];
  return {
    itemSep: isString(item) ? item.value.length : spaces ? 1 : 2,
    keySep: isString(key) ? key.value.length : 2,
    indent: spaces,
    ascii: kwargs.get("ensure_ascii")?.value === true,
  };
}

/**
 * At least the characters of `v`'s text, however the interpreter writes it (`toString`, JSON in
 * `shape`, or a list's items joined by JavaScript), counted without writing it and only until
 * past `max`. A value can hold the same list many times (`[l, l]`, forty times over, is forty
 * steps and 2^40 items of text): the walk stops once past `max`, and as every part it visits
 * adds at least two characters, it visits at most `max` / 2 of them. Lists and mappings nested
 * more than `maxDepth` deep are refused (the interpreter's writer would exhaust the stack).
 */
export function textSize(v: RuntimeValue, max: number, maxDepth: number, shape: JsonShape): number {
  let total = 0;
  const visit = (x: RuntimeValue, depth: number) => {
    if (depth > maxDepth)
      throw new TemplateLimitError(
        `a list or mapping in the template nests more than ${maxDepth} levels deep`,
      );
    if (isString(x)) {
      total += jsonLength(x.value, shape.ascii);
      return;
    }
    const entries = x.value instanceof Map ? (x.value as Map<string, RuntimeValue>) : null;
    if (!isList(x) && !entries) {
      // Numbers (a float prints as 1.0), booleans, none, undefined, a function's source.
      total += String(x.value).length + 2;
      return;
    }
    const n = entries ? entries.size : (x.value as RuntimeValue[]).length;
    // Brackets and separators; with an indent, a new line and its spaces before each item and
    // before the closing bracket.
    total += 2 + Math.max(0, n - 1) * shape.itemSep;
    if (shape.indent && n) total += n * (1 + shape.indent * (depth + 1)) + 1 + shape.indent * depth;
    if (entries) {
      for (const [key, item] of entries) {
        if (total > max) return;
        total += jsonLength(key, shape.ascii) + shape.keySep;
        visit(item, depth + 1);
      }
    } else {
      for (const item of x.value as RuntimeValue[]) {
        if (total > max) return;
        visit(item, depth + 1);
      }
    }
  };
  visit(v, 0);
  return total;
}

/** Characters of `JSON.stringify(s)`, with `ascii` each non-ASCII UTF-16 unit as \\uXXXX. */
function jsonLength(s: string, ascii: boolean): number {
  let n = 2;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x22 || c === 0x5c || c === 8 || c === 9 || c === 10 || c === 12 || c === 13) n += 2;
    else if (c < 0x20) n += 6;
    else if (c >= 0xd800 && c <= 0xdfff) {
      // A pair is kept as it is (or written as two \\uXXXX); a lone surrogate is escaped.
      if (c <= 0xdbff && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
        n += ascii ? 12 : 2;
        i++;
      } else n += 6;
    } else n += ascii && c >= 0x7f ? 6 : 1;
  }
  return n;
}

/**
 * Length of the interpreter's `text.replace(from, to, count)`: each match (at most `count`)
 * grows the text by to − from; an empty pattern matches before each character and at the end.
 * Matches are counted only while the result could still fit in `max`.
 */
export function replacedSize(
  text: string,
  from: RuntimeValue | undefined,
  to: RuntimeValue | undefined,
  count: RuntimeValue | undefined,
  max: number,
): number {
  if (!isString(from) || !isString(to)) return 0; // the interpreter refuses these itself
  const limit =
    count?.type === "IntegerValue" && (count.value as number) >= 0 ? (count.value as number) : Infinity;
  const grows = to.value.length - from.value.length;
  if (grows <= 0) return text.length;
  let matches = 0;
  if (!from.value) matches = text.length + 1;
  else
    for (let at = text.indexOf(from.value); at >= 0 && matches < limit && matches <= max / grows; ) {
      matches += 1;
      at = text.indexOf(from.value, at + from.value.length);
    }
  return text.length + Math.min(matches, limit) * grows;
}

/**
 * Length of `text|indent(width, first, blank)`: `width` spaces before each line but the first
 * (unless `first`) and the empty ones (unless `blank`).
 */
export function indentedSize(text: string, width: number, first: boolean, blank: boolean): number {
  let indented = 0;
  for (let start = 0; ; ) {
    const newline = text.indexOf("\n", start);
    const end = newline < 0 ? text.length : newline;
    if ((first || start > 0) && (blank || end > start)) indented += 1;
    if (newline < 0) break;
    start = newline + 1;
  }
  return text.length + indented * Math.max(0, width);
}

/**
 * At least the length of `text.toUpperCase()` or `toLowerCase()`: a few characters (ß, ŉ, ǰ,
 * ΐ, ΰ, և, İ, ẖ…ẚ, Greek with ypogegrammeni, the ﬀ…ﬗ ligatures) become two or three.
 */
export function recasedSize(text: string, max: number): number {
  if (text.length * 3 <= max) return text.length;
  let size = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (
      c === 0xdf ||
      c === 0x130 ||
      c === 0x149 ||
      c === 0x1f0 ||
      c === 0x390 ||
      c === 0x3b0 ||
      c === 0x587 ||
      (c >= 0x1e96 && c <= 0x1e9a) ||
      (c >= 0x1f50 && c <= 0x1ffc) ||
      (c >= 0xfb00 && c <= 0xfb17)
    )
      size += 2;
  }
  return size;
}

/**
 * Items of the interpreter's `text.split(sep, maxsplit)`: one more than the separators (it
 * splits at all of them before applying maxsplit), or the runs of non-space for no separator.
 * Counted only until past `max`.
 */
export function splitCount(
  text: string,
  sep: RuntimeValue | undefined,
  maxsplit: RuntimeValue | undefined,
  max: number,
): number {
  if (isString(sep)) {
    if (!sep.value) return 0; // the interpreter refuses an empty separator
    let parts = 1;
    for (
      let at = text.indexOf(sep.value);
      at >= 0 && parts <= max;
      at = text.indexOf(sep.value, at + sep.value.length)
    )
      parts += 1;
    return parts;
  }
  if (sep && sep.type !== "NullValue") return 0;
  const m = maxsplit?.type === "IntegerValue" ? (maxsplit.value as number) : -1;
  const most = m === -1 ? Infinity : Math.max(m, 0) + 1;
  let parts = 0;
  const words = /\S+/g;
  while (parts <= max && parts < most && words.exec(text)) parts += 1;
  return parts;
}
