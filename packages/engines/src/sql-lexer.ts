/**
 * A small SQL lexer: enough to split a script into statements and to classify each one as
 * read-only or not, for engines whose driver cannot do it for us (PostgreSQL, Athena).
 * It understands quotes, dollar quotes, comments and parentheses; it is not a parser.
 */

export interface Token {
  kind: "word" | "quoted" | "string" | "number" | "param" | "punct";
  /** Upper-cased for words; raw text otherwise. */
  text: string;
  /** Parenthesis depth at the token. */
  depth: number;
  start: number;
  end: number;
}

export interface ScannedStatement {
  sql: string;
  /** Offset of `sql` in the whole script (token offsets are script offsets too). */
  start: number;
  tokens: Token[];
}

const WORD_START = /[A-Za-z_\u0080-\uffff]/;
const WORD_PART = /[A-Za-z0-9_$\u0080-\uffff]/;

/** Splits SQL into statements (by top-level `;`), dropping empty ones and comments-only ones. */
export function scanStatements(sql: string): ScannedStatement[] {
  const statements: ScannedStatement[] = [];
  let tokens: Token[] = [];
  let stmtStart = 0;
  let depth = 0;
  let i = 0;
  const n = sql.length;
  const flush = (end: number) => {
    if (tokens.length > 0) {
      const raw = sql.slice(stmtStart, end);
      const lead = raw.length - raw.trimStart().length;
      statements.push({ sql: raw.trim(), start: stmtStart + lead, tokens });
    }
    tokens = [];
    depth = 0;
  };
  while (i < n) {
    const ch = sql[i];
    const next = sql[i + 1];
    if (ch === "-" && next === "-") {
      // A line comment ends at a line feed or a carriage return, as PostgreSQL's and DuckDB's
      // scanners end it (a lone \r must not hide the rest of the line from us).
      const end = sql.slice(i).search(/[\n\r]/);
      i = end === -1 ? n : i + end + 1;
    } else if (ch === "/" && next === "*") {
      i = skipBlockComment(sql, i);
    } else if (ch === ";") {
      flush(i);
      i += 1;
      stmtStart = i;
    } else if (/\s/.test(ch)) {
      i += 1;
    } else if (ch === "'" || ((ch === "E" || ch === "e") && next === "'")) {
      const escapes = ch !== "'";
      const start = i;
      i = skipQuoted(sql, escapes ? i + 1 : i, "'", escapes);
      tokens.push({ kind: "string", text: sql.slice(start, i), depth, start, end: i });
    } else if (ch === '"' || ch === "`") {
      const start = i;
      i = skipQuoted(sql, i, ch, false);
      tokens.push({ kind: "quoted", text: sql.slice(start, i), depth, start, end: i });
    } else if (ch === "$" && /[0-9]/.test(next ?? "")) {
      const start = i;
      i += 1;
      while (i < n && /[0-9]/.test(sql[i])) i += 1;
      tokens.push({ kind: "param", text: sql.slice(start, i), depth, start, end: i });
    } else if (ch === "$") {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i, i + 64));
      const start = i;
      if (tag) {
        const close = sql.indexOf(tag[0], i + tag[0].length);
        i = close === -1 ? n : close + tag[0].length;
        tokens.push({ kind: "string", text: sql.slice(start, i), depth, start, end: i });
      } else {
        i += 1;
        tokens.push({ kind: "punct", text: "$", depth, start, end: i });
      }
    } else if (WORD_START.test(ch)) {
      const start = i;
      while (i < n && WORD_PART.test(sql[i])) i += 1;
      tokens.push({ kind: "word", text: sql.slice(start, i).toUpperCase(), depth, start, end: i });
    } else if (/[0-9.]/.test(ch) && /[0-9]/.test(ch === "." ? (next ?? "") : ch)) {
      const start = i;
      while (i < n && /[0-9.eE]/.test(sql[i])) i += 1;
      tokens.push({ kind: "number", text: sql.slice(start, i), depth, start, end: i });
    } else {
      if (ch === ")") depth = Math.max(0, depth - 1);
      tokens.push({ kind: "punct", text: ch, depth, start: i, end: i + 1 });
      if (ch === "(") depth += 1;
      i += 1;
    }
  }
  flush(n);
  return statements;
}

function skipBlockComment(sql: string, from: number): number {
  // PostgreSQL nests block comments.
  let level = 0;
  let i = from;
  while (i < sql.length) {
    if (sql[i] === "/" && sql[i + 1] === "*") {
      level += 1;
      i += 2;
    } else if (sql[i] === "*" && sql[i + 1] === "/") {
      level -= 1;
      i += 2;
      if (level === 0) return i;
    } else i += 1;
  }
  return sql.length;
}

function skipQuoted(sql: string, from: number, quote: string, backslashEscapes: boolean): number {
  let i = from + 1;
  while (i < sql.length) {
    const ch = sql[i];
    if (backslashEscapes && ch === "\\") i += 2;
    else if (ch === quote && sql[i + 1] === quote) i += 2;
    else if (ch === quote) return i + 1;
    else i += 1;
  }
  return sql.length;
}

/** Statement texts without the separating semicolons. */
export function splitStatements(sql: string): string[] {
  return scanStatements(sql).map((s) => s.sql);
}

/**
 * Verbs of PostgreSQL and Trino/Athena statements. A statement led by any other word is not SQL
 * at all (a typo): it is let through so the engine reports the syntax error.
 */
const KNOWN_VERBS = new Set(
  (
    "ABORT ALTER ANALYZE ANALYSE BEGIN CALL CHECKPOINT CLOSE CLUSTER COMMENT COMMIT COPY CREATE DEALLOCATE " +
    "DECLARE DELETE DENY DESC DESCRIBE DISCARD DO DROP END EXECUTE EXPLAIN FETCH GRANT IMPORT INSERT LISTEN LOAD " +
    "LOCK MERGE MOVE MSCK NOTIFY OPTIMIZE PREPARE REASSIGN REFRESH REINDEX RELEASE RESET REVOKE ROLLBACK SAVEPOINT " +
    "SECURITY SELECT SET SHOW START TABLE TRUNCATE UNLISTEN UNLOAD UPDATE USE VACUUM VALUES WITH"
  ).split(" "),
);

const READ_ONLY_LEADS = new Set(["SELECT", "VALUES", "TABLE", "SHOW", "DESCRIBE", "DESC"]);
/** Words after EXPLAIN that are options, not the explained statement. */
const EXPLAIN_OPTIONS = new Set(["VERBOSE", "COSTS", "BUFFERS", "FORMAT", "TEXT", "JSON", "XML", "YAML"]);
const WRITE_WORDS = new Set(["INSERT", "UPDATE", "DELETE", "MERGE", "INTO"]);

export interface Classification {
  /** The statement's leading verb (SELECT, INSERT, CREATE …); WITH resolves to its main verb. */
  kind: string;
  readOnly: boolean;
}

/** Classifies one statement conservatively: anything not clearly a read is treated as DML. */
export function classifyTokens(tokens: Token[]): Classification {
  let i = 0;
  while (tokens[i]?.text === "(") i += 1;
  const lead = tokens[i];
  // Not a statement we know (a typo, stray text): the engine will report the syntax error.
  if (lead?.kind !== "word") return { kind: "UNKNOWN", readOnly: true };
  const rest = tokens.slice(i + 1);
  if (lead.text === "EXPLAIN") return classifyExplain(rest);
  if (lead.text === "WITH") return classifyWith(tokens.slice(i));
  if (!KNOWN_VERBS.has(lead.text)) return { kind: "UNKNOWN", readOnly: true };
  if (READ_ONLY_LEADS.has(lead.text)) {
    // SELECT … INTO creates a table in PostgreSQL.
    const into = lead.text === "SELECT" && tokens.some((t) => t.kind === "word" && t.text === "INTO");
    return { kind: lead.text, readOnly: !into };
  }
  return { kind: lead.text, readOnly: false };
}

function classifyExplain(rest: Token[]): Classification {
  let j = 0;
  let analyze = false;
  if (rest[0]?.text === "(") {
    const close = rest.findIndex((t) => t.text === ")" && t.depth === rest[0].depth);
    analyze = rest.slice(1, close).some((t) => t.text === "ANALYZE" || t.text === "ANALYSE");
    j = close + 1;
  }
  while (
    rest[j] &&
    (rest[j].text === "ANALYZE" || rest[j].text === "ANALYSE" || EXPLAIN_OPTIONS.has(rest[j].text))
  ) {
    if (rest[j].text.startsWith("ANALY")) analyze = true;
    j += 1;
  }
  const inner = classifyTokens(rest.slice(j));
  // EXPLAIN ANALYZE runs the statement, so it is only as read-only as what it explains.
  return { kind: "EXPLAIN", readOnly: analyze ? inner.readOnly : true };
}

function classifyWith(tokens: Token[]): Classification {
  const base = tokens[0].depth;
  // Every CTE body must be a read, and the main statement too. A write inside a CTE
  // (`WITH x AS (DELETE … RETURNING *)`) is spotted by its verb at the start of a body.
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    if (t.text === "(" && tokens[k + 1]?.kind === "word" && WRITE_WORDS.has(tokens[k + 1].text)) {
      return { kind: tokens[k + 1].text, readOnly: false };
    }
    if (t.kind === "word" && t.depth === base && WRITE_WORDS.has(t.text)) {
      return { kind: t.text === "INTO" ? "SELECT" : t.text, readOnly: false };
    }
  }
  const main = tokens.find((t, k) => k > 0 && t.depth === base && t.kind === "word" && isMainVerb(t.text));
  if (!main) return { kind: "WITH", readOnly: false };
  return { kind: main.text, readOnly: READ_ONLY_LEADS.has(main.text) };
}

function isMainVerb(word: string): boolean {
  return READ_ONLY_LEADS.has(word) || WRITE_WORDS.has(word) || word === "CREATE";
}

export interface ClassifiedStatement extends Classification {
  sql: string;
}

export function classifyStatements(sql: string): ClassifiedStatement[] {
  return scanStatements(sql).map((s) => ({ sql: s.sql, ...classifyTokens(s.tokens) }));
}
