import { randomBytes } from "node:crypto";
import { megabytes, TemplateLimitError } from "./limit-error.ts";

/**
 * Values a template may print but must never paste as SQL text (filter values, URL parameters,
 * the user's name…). The template never sees them: it gets an opaque marker in their place, and
 * only after rendering is each marker replaced by the value as a quoted literal of the SQL
 * around it (see `placeLiterals`). Whatever the template does with a marker (concatenate it,
 * join a list of them, wrap it in quotes), the value's characters can't become SQL syntax; a
 * marker the template cut or changed is refused rather than guessed at.
 *
 * Markers are private-use characters around a random per-render nonce, so neither the template
 * nor a value can forge one, and JSON or case filters leave the delimiters intact.
 */
const OPEN = "\uE000";
const CLOSE = "\uE001";

export class LiteralVault {
  // The leading letter makes any case change break the marker (refused), never keep it.
  private readonly nonce = `v${randomBytes(6).toString("hex")}`;
  private readonly values: string[] = [];
  private readonly byValue = new Map<string, number>();
  readonly pattern: RegExp;
  /** Text that is exactly one marker. */
  private readonly single: RegExp;

  /** `maxChars`: the render's limit, for text rebuilt from markers (`reveal`, `placeLiterals`). */
  constructor(readonly maxChars = Number.POSITIVE_INFINITY) {
    this.pattern = new RegExp(`${OPEN}${this.nonce}:(\\d+)${CLOSE}`, "g");
    this.single = new RegExp(`^${OPEN}${this.nonce}:(\\d+)${CLOSE}$`);
  }

  /** The marker standing for `value` (the same marker for the same text, so `unique` works). */
  mark(value: string): string {
    let index = this.byValue.get(value);
    if (index === undefined) {
      index = this.values.push(value) - 1;
      this.byValue.set(value, index);
    }
    return `${OPEN}${this.nonce}:${index}${CLOSE}`;
  }

  /** Whether text holds any marker of this render. */
  has(text: string): boolean {
    return text.includes(OPEN);
  }

  /**
   * The text with each marker back to its value: only ever used to compute booleans, numbers
   * or a value that is marked again, never to produce SQL.
   *
   * A marker is ~20 characters but may stand for a long value (a request's, or a 1 MB text the
   * template marked with sql_literal), so a text of markers can stand for far more than the
   * limit: its length is worked out first and taken from `allowance`, shared by the callers
   * that reveal many texts at once (a list's items). One marker alone is its stored value,
   * nothing built, nothing taken.
   */
  reveal(text: string, allowance = { chars: this.maxChars }): string {
    if (!text.includes(OPEN)) return text;
    const single = this.single.exec(text);
    if (single) return this.values[Number(single[1])] ?? "";
    let size = text.length;
    for (const m of text.matchAll(this.pattern))
      size += (this.values[Number(m[1])]?.length ?? 0) - m[0].length;
    allowance.chars -= size;
    if (allowance.chars < 0)
      throw new TemplateLimitError(
        `text with its request values would be larger than ${megabytes(this.maxChars)} MB`,
      );
    return text.replace(this.pattern, (_, i: string) => this.values[Number(i)] ?? "");
  }

  /** The value a marker stands for, and where markers are in some text. */
  valueAt(index: number): string {
    const v = this.values[index];
    // A marker the template rebuilt with another number (from pieces of a real one).
    if (v === undefined) throw new LiteralPlacementError("A template value marker was forged or altered.");
    return v;
  }
}

/** Where a marker sits in the rendered SQL. */
export type SqlPosition =
  | "code"
  | "string"
  | "escape-string"
  | "identifier"
  | "line-comment"
  | "block-comment"
  | "dollar";

export class LiteralPlacementError extends Error {}

/**
 * Replaces every marker of `vault` in `sql` by its value, quoted for where it sits:
 * - in SQL code: a string literal (`quote`, the dialect's literal quoting);
 * - inside a '…' literal the template opened (Superset's `'{{ url_param("x") }}'`): the value's
 *   text with quotes doubled (and backslashes too in E'…' strings), so the literal stays closed
 *   where the template closes it;
 * - inside a comment: the text with anything that could end the comment taken out;
 * - inside a quoted identifier or a dollar-quoted string: refused (identifiers never come from
 *   a request, and dollar quotes have no escape).
 * A marker the template altered (sliced, upper-cased) leaves its delimiters behind: refused.
 */
export function placeLiterals(sql: string, vault: LiteralVault, quote: (value: string) => string): string {
  if (!vault.has(sql) && !sql.includes(CLOSE)) return sql;
  const positions = agreedPositions(sql, vault.pattern);
  let out = "";
  let last = 0;
  // Each marker becomes its whole value (quoted, so at least as long): the SQL is measured as it
  // grows, and refused before a value that would take it past the limit is quoted and added.
  const tooLarge = () =>
    new TemplateLimitError(
      `the SQL with its request values in place is larger than ${megabytes(vault.maxChars)} MB`,
    );
  for (const { start, end, index, position } of positions) {
    out += sql.slice(last, start);
    const raw = vault.valueAt(index);
    if (out.length + raw.length > vault.maxChars) throw tooLarge();
    const value = placed(raw, position, quote);
    // A literal glued to a word would take it as a prefix (E'…' turns on backslash escapes,
    // U&'…', X'…'): keep it a plain literal.
    out += position === "code" && GLUES.test(out.slice(-1)) ? ` ${value}` : value;
    if (out.length > vault.maxChars) throw tooLarge();
    last = end;
  }
  out += sql.slice(last);
  // Anything left of a marker means the template changed one: never guess what it meant.
  const leftovers = sql.replace(vault.pattern, "");
  if (leftovers.includes(OPEN) || leftovers.includes(CLOSE)) {
    throw new LiteralPlacementError(
      "A filter value, URL parameter or user attribute was cut or changed by the template (slicing, a string method); " +
        "use the value whole, or the |upper, |lower, |trim or |replace filters.",
    );
  }
  return out;
}

function placed(value: string, position: SqlPosition, quote: (value: string) => string): string {
  // DuckDB reads SQL text up to a NUL: in a comment, one would cut off all the SQL after it.
  if (value.includes("\0"))
    throw new LiteralPlacementError(
      "A filter value, URL parameter or user attribute contains a NUL character, which SQL text can't hold.",
    );
  switch (position) {
    case "code":
      return quote(value);
    case "string":
      return value.replaceAll("'", "''");
    case "escape-string":
      return value.replaceAll("\\", "\\\\").replaceAll("'", "''");
    case "line-comment":
    case "block-comment":
      // Comment text is not run: keep it readable, minus anything that could end the comment or
      // open a nested one, alone or with the characters the template wrote around it.
      return value.replace(/[\r\n*/]/g, " ");
    case "identifier":
      throw new LiteralPlacementError(
        "A filter value, URL parameter or user attribute can't be used inside a quoted identifier: identifiers never come from a request.",
      );
    case "dollar":
      throw new LiteralPlacementError(
        "A filter value, URL parameter or user attribute can't be used inside a dollar-quoted string; use a '…' literal.",
      );
  }
}

/** Characters a literal must not follow directly (identifier characters, `U&`). */
const GLUES = /[\p{L}\p{N}_$&]/u;
/**
 * Characters that continue an identifier (PostgreSQL's: letters, digits, _, $, any non-ASCII),
 * but not a marker's delimiters: a marker in code becomes a literal ending in a quote.
 */
const IDENT = /[\p{L}\p{N}_$\u0080-\uDFFF\uE002-\uFFFF]/u;

/**
 * Engines disagree on nested block comments (PostgreSQL and DuckDB nest them, Trino/Athena
 * end a comment at the first `*\/`): a marker must sit in the same place under both readings,
 * otherwise it is refused rather than quoted for the wrong one.
 */
function agreedPositions(sql: string, pattern: RegExp): Found[] {
  const nested = scanPositions(sql, pattern, true);
  const flat = scanPositions(sql, pattern, false);
  if (nested.some((f, i) => f.position !== flat[i]?.position)) {
    throw new LiteralPlacementError(
      "A filter value, URL parameter or user attribute follows a comment nested in a comment, which engines end at different places; remove the nesting.",
    );
  }
  return nested;
}

interface Found {
  start: number;
  end: number;
  index: number;
  position: SqlPosition;
}

/**
 * One pass over the SQL with a lexer that knows strings, quoted identifiers, comments (nested
 * block comments, as PostgreSQL has) and dollar quotes, noting the position of each marker.
 * Markers hold no quote or comment characters, so they never change the lexer's state.
 */
function scanPositions(sql: string, pattern: RegExp, nestComments: boolean): Found[] {
  const markers: { start: number; end: number; index: number }[] = [];
  for (const m of sql.matchAll(pattern)) {
    markers.push({ start: m.index, end: m.index + m[0].length, index: Number(m[1]) });
  }
  if (!markers.length) return [];
  const found: Found[] = [];
  let state: SqlPosition = "code";
  let depth = 0;
  let dollarTag = "";
  let next = 0;
  let i = 0;
  while (i < sql.length && next < markers.length) {
    if (i === markers[next].start) {
      found.push({ ...markers[next], position: state });
      i = markers[next].end;
      next += 1;
      continue;
    }
    const ch = sql[i];
    const two = sql.slice(i, i + 2);
    switch (state) {
      case "code":
        if (ch === "'") {
          // E'…' unless the E ends a word; after a digit too (DuckDB and older PostgreSQL read
          // 1E'…' as 1 then E'…'). When unsure, the escaping of E'…' is safe in both readings.
          const prev = sql[i - 1] ?? "";
          const before = sql[i - 2] ?? "";
          const escapes = /[eE]/.test(prev) && !(IDENT.test(before) && !/[0-9]/.test(before));
          state = escapes ? "escape-string" : "string";
        } else if (ch === '"') state = "identifier";
        else if (two === "--") {
          state = "line-comment";
          i += 1;
        } else if (two === "/*") {
          state = "block-comment";
          depth = 1;
          i += 1;
        } else if (ch === "$") {
          const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i));
          if (tag && !IDENT.test(sql[i - 1] ?? "")) {
            dollarTag = tag[0];
            state = "dollar";
            i += tag[0].length - 1;
          }
        }
        break;
      case "string":
      case "escape-string":
        if (state === "escape-string" && ch === "\\") i += 1;
        else if (ch === "'") {
          if (sql[i + 1] === "'") i += 1;
          else state = "code";
        }
        break;
      case "identifier":
        if (ch === '"') {
          if (sql[i + 1] === '"') i += 1;
          else state = "code";
        }
        break;
      case "line-comment":
        if (ch === "\n" || ch === "\r") state = "code";
        break;
      case "block-comment":
        if (two === "/*" && nestComments) {
          depth += 1;
          i += 1;
        } else if (two === "*/") {
          depth -= 1;
          i += 1;
          if (depth === 0) state = "code";
        }
        break;
      case "dollar":
        if (sql.startsWith(dollarTag, i)) {
          i += dollarTag.length - 1;
          state = "code";
        }
        break;
    }
    i += 1;
  }
  // A marker the lexer stepped over (right after a backslash in an E'…' string) has no safe place.
  if (found.length !== markers.length) {
    throw new LiteralPlacementError(
      "A filter value, URL parameter or user attribute follows an escape character; it can't be placed safely.",
    );
  }
  return found;
}
