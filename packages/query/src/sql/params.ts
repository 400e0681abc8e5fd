import { invalidPayload } from "../errors.ts";
import type { SqlDialect } from "../dialect.ts";

/**
 * `bound`: values become `$1 … $n` placeholders with `params` (DuckDB, PostgreSQL, and Athena
 * through its execution parameters). `inline`: values are rendered as escaped literals with the
 * dialect's quoting — for engines or paths that cannot bind (and for showing the query).
 */
export type ParamStyle = "bound" | "inline";

export type SqlScalar = string | number | boolean | bigint | null;

export class SqlParams {
  readonly values: unknown[] = [];

  constructor(
    readonly style: ParamStyle,
    private readonly dialect: SqlDialect,
  ) {}

  /** A placeholder (or literal) for one value. */
  bind(value: SqlScalar): string {
    if (typeof value === "number" && !Number.isFinite(value)) {
      throw invalidPayload(`Invalid number in filter value: ${value}`);
    }
    if (this.style === "inline") return this.literal(value);
    this.values.push(value);
    const placeholder = `$${this.values.length}`;
    // PostgreSQL types a parameter after the column it meets: 2.5 against a BIGINT column would
    // fail to parse as bigint, so fractional numbers say what they are.
    if (typeof value === "number" && !Number.isInteger(value) && this.dialect.engine === "postgresql") {
      return `CAST(${placeholder} AS DOUBLE PRECISION)`;
    }
    return placeholder;
  }

  /** A date or timestamp value; bound as naive ISO text and cast, so no time zone is involved. */
  bindDatetime(naiveIso: string, type: "DATE" | "TIMESTAMP"): string {
    if (this.style === "inline") return this.dialect.datetimeLiteral(naiveIso, type);
    const text = type === "DATE" ? naiveIso.slice(0, 10) : naiveIso.replace("T", " ");
    return `CAST(${this.bind(text)} AS ${type})`;
  }

  private literal(value: SqlScalar): string {
    if (value === null) return "NULL";
    if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
    if (typeof value === "number" || typeof value === "bigint") return String(value);
    return this.dialect.quoteLiteral(value);
  }
}
