import { invalidSql, subqueryNotAllowed } from "../errors.ts";

/**
 * Custom SQL from requests (adhoc metrics, columns, filters, extras.where / having) must be one
 * expression. This scanner understands quotes the way our engines do and refuses what could end
 * the expression or hide another statement: `;`, comments, dollar quotes, placeholders, statement
 * keywords, unbalanced parentheses and — unless allowed — subqueries. It is deliberately strict:
 * ambiguous input is refused rather than guessed.
 */

export interface SqlExpressionOptions {
  /** Allow `SELECT` / `VALUES` / `TABLE` / FROM-first subqueries (Superset's ALLOW_ADHOC_SUBQUERY). */
  allowSubqueries?: boolean;
  /** Where the expression comes from, for messages ("metric", "WHERE clause" …). */
  context?: string;
}

/** Keywords that only start or join statements; never part of a single expression. */
const STATEMENT_KEYWORDS = new Set([
  "INSERT",
  "UPDATE",
  "DELETE",
  "MERGE",
  "UPSERT",
  "DROP",
  "CREATE",
  "ALTER",
  "TRUNCATE",
  "GRANT",
  "REVOKE",
  "COPY",
  "ATTACH",
  "DETACH",
  "PRAGMA",
  "INSTALL",
  "LOAD",
  "CALL",
  "EXEC",
  "EXECUTE",
  "PREPARE",
  "DEALLOCATE",
  "EXPORT",
  "IMPORT",
  "VACUUM",
  "ANALYZE",
  "CHECKPOINT",
  "SET",
  "RESET",
  "BEGIN",
  "COMMIT",
  "ROLLBACK",
  "SAVEPOINT",
  "UNION",
  "INTERSECT",
  "EXCEPT",
  "INTO",
  "DESCRIBE",
  "SHOW",
  "SUMMARIZE",
  "PIVOT",
  "UNPIVOT",
  "USE",
  "LISTEN",
  "NOTIFY",
  "LOCK",
  "UNLOAD",
  "MSCK",
]);

/** Keywords that start a subquery (a CTE's WITH is caught by the SELECT it needs). */
const SUBQUERY_KEYWORDS = new Set(["SELECT", "VALUES", "TABLE"]);

interface Word {
  text: string;
  /** The previous significant character, to spot `(FROM t)` (DuckDB's FROM-first subquery). */
  after: string;
}

/** Scans once; returns the bare words, or throws on anything that is not expression text. */
function scanWords(sql: string, where: string): Word[] {
  const words: Word[] = [];
  let depth = 0;
  let previous = "";
  let i = 0;
  const fail = (why: string): never => {
    throw invalidSql(`Invalid SQL in ${where}: ${why}`);
  };
  while (i < sql.length) {
    const ch = sql[i];
    const next = sql[i + 1] ?? "";
    if (/\s/.test(ch)) {
      i += 1;
      continue;
    }
    if ((ch === "-" && next === "-") || (ch === "/" && next === "*")) fail("comments are not allowed");
    if (ch === ";") fail("only one expression is allowed (no ';')");
    if (ch === "$" || ch === "?") fail(`'${ch}' is not allowed outside string literals`);
    if (ch === "`") fail("backtick quotes are not supported; use double quotes for identifiers");
    if (ch === "'") {
      const escapes = /^[eE]$/.test(previous) && /[eE]/.test(sql[i - 1] ?? "");
      i = skipString(sql, i, escapes, fail);
      previous = "'";
      continue;
    }
    if (ch === '"') {
      const end = skipQuoted(sql, i, '"');
      if (end === -1) fail("unterminated quoted identifier");
      i = end;
      previous = '"';
      continue;
    }
    if (/[A-Za-z_\u0080-\uffff]/.test(ch)) {
      const match = /^[A-Za-z0-9_\u0080-\uffff]+/.exec(sql.slice(i))!;
      words.push({ text: match[0].toUpperCase(), after: previous });
      i += match[0].length;
      previous = match[0];
      continue;
    }
    if (ch === "(") depth += 1;
    if (ch === ")") {
      depth -= 1;
      if (depth < 0) fail("unbalanced parentheses");
    }
    previous = ch;
    i += 1;
  }
  if (depth !== 0) fail("unbalanced parentheses");
  return words;
}

/** Skips `'…'` with `''` escapes (and backslash escapes in E'…' strings). */
function skipString(
  sql: string,
  start: number,
  backslashEscapes: boolean,
  fail: (why: string) => never,
): number {
  let i = start + 1;
  while (i < sql.length) {
    const ch = sql[i];
    if (ch === "\\") {
      if (backslashEscapes) {
        i += 2;
        continue;
      }
      // `'\'` means different things with and without standard_conforming_strings: refuse it.
      if (sql[i + 1] === "'") fail("a backslash before a quote is ambiguous; double the quote instead");
    }
    if (ch === "'") {
      if (sql[i + 1] === "'") {
        i += 2;
        continue;
      }
      return i + 1;
    }
    i += 1;
  }
  return fail("unterminated string literal");
}

function skipQuoted(sql: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < sql.length) {
    if (sql[i] === quote) {
      if (sql[i + 1] === quote) {
        i += 2;
        continue;
      }
      return i + 1;
    }
    i += 1;
  }
  return -1;
}

/** Returns the trimmed expression, or throws INVALID_SQL_ERROR / ADHOC_SUBQUERY_NOT_ALLOWED_ERROR. */
export function validateSqlExpression(sql: string, options: SqlExpressionOptions = {}): string {
  const where = options.context ?? "custom SQL";
  const text = sql.trim();
  if (!text) throw invalidSql(`Invalid SQL in ${where}: the expression is empty`);
  for (const word of scanWords(text, where)) {
    if (STATEMENT_KEYWORDS.has(word.text)) {
      throw invalidSql(`Invalid SQL in ${where}: ${word.text} is not allowed in an expression`);
    }
    const fromFirst = word.text === "FROM" && (word.after === "(" || word.after === "");
    if ((SUBQUERY_KEYWORDS.has(word.text) || fromFirst) && !options.allowSubqueries) {
      throw subqueryNotAllowed("Custom SQL fields cannot contain sub-queries.");
    }
  }
  return text;
}
