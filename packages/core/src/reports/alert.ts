import type { ValidatorConfig, ValidatorType } from "@strata/contracts";
import { toEngineError } from "../databases/engine-errors.ts";
import type { Databases } from "../databases/service.ts";
import { AppError, badRequest } from "../errors.ts";
import type { Principal } from "../security/principal.ts";
import { renderTemplate } from "../sqllab/templates.ts";
import { type DatasetAccess, readableAs } from "../templating/macro-scope.ts";

/** Rows read from an alert query: enough to say how many came back when there are too many. */
const ALERT_ROW_CAP = 1000;

/** The alert's SQL as one read-only statement, classified by the database's own parser. */
export async function singleSelect(
  databases: Databases,
  p: Principal,
  databaseId: number,
  sql: string,
  datasetAccess?: DatasetAccess,
) {
  const { db, engine } = await databases.engine(p, databaseId);
  // Alert SQL may use Superset's Jinja macros, rendered as the report's owner (no request values),
  // as SQL Lab renders its SQL: other datasets are read with the owner's access and RLS.
  const rendered = await renderTemplate(
    sql,
    {},
    {
      principal: p,
      engine: db.engine,
      sources: datasetAccess ? readableAs(datasetAccess, p) : undefined,
    },
  );
  let statements: Awaited<ReturnType<typeof engine.parseStatements>>;
  try {
    statements = await engine.parseStatements(rendered);
  } catch (e) {
    throw badRequest({ sql: [toEngineError(e, db.engine).message] });
  }
  if (statements.length !== 1)
    throw badRequest({ sql: [`An alert runs one SELECT statement; this SQL has ${statements.length}.`] });
  const [st] = statements;
  if (!st.readOnly || st.kind.toUpperCase() !== "SELECT")
    throw badRequest({ sql: [`An alert runs one SELECT statement, not ${st.kind}.`] });
  return { db, engine, statement: st.sql };
}

function firstRowJson(columns: { name: string }[], data: unknown[][]): string {
  const plain = (x: unknown) => (typeof x === "bigint" ? Number(x) : x);
  return JSON.stringify(Object.fromEntries(columns.map((c, i) => [c.name, plain(data[i]?.[0])])));
}

export interface AlertOutcome {
  triggered: boolean;
  /** The first cell as a number (null when empty or NULL), for the log and the message. */
  value: number | null;
  /** The first row as JSON text, as Superset keeps it (`value_row_json`). */
  valueRowJson: string | null;
}

const OPERATORS: Record<string, (a: number, b: number) => boolean> = {
  "<": (a, b) => a < b,
  "<=": (a, b) => a <= b,
  ">": (a, b) => a > b,
  ">=": (a, b) => a >= b,
  "==": (a, b) => a === b,
  "!=": (a, b) => a !== b,
};

const fail = (message: string) => new AppError(422, { message });

function asNumber(cell: unknown): number | null {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === "bigint") return Number(cell);
  if (typeof cell === "boolean") return cell ? 1 : 0;
  const n = typeof cell === "number" ? cell : Number(String(cell).trim());
  if (String(cell).trim() === "" || !Number.isFinite(n))
    throw fail("Alert query returned a non-number value.");
  return n;
}

/**
 * Runs an alert's SQL as the report's owner (their database access; raw SQL has no row-level
 * security to apply, as in Superset) and evaluates its condition on the first cell: `not null`
 * fires on a value other than NULL or 0, `operator` compares it with the threshold (NULL counts as 0).
 */
export async function evaluateAlert(
  databases: Databases,
  owner: Principal,
  alert: {
    database_id: number;
    sql: string;
    validator_type: ValidatorType;
    validator_config: ValidatorConfig | null;
  },
  timeoutSec: number,
  datasetAccess?: DatasetAccess,
): Promise<AlertOutcome> {
  const { db, engine, statement } = await singleSelect(
    databases,
    owner,
    alert.database_id,
    alert.sql,
    datasetAccess,
  );
  let result: Awaited<ReturnType<typeof engine.execute>>;
  try {
    result = await engine.execute(statement, {
      limit: ALERT_ROW_CAP,
      allowDml: false,
      signal: AbortSignal.timeout(timeoutSec * 1000),
    });
  } catch (e) {
    if ((e as Error)?.name === "TimeoutError" || (e as Error)?.name === "AbortError")
      throw new AppError(408, { message: "A timeout occurred while executing the query." });
    throw toEngineError(e, db.engine);
  }
  const rows = result.truncated ? ALERT_ROW_CAP + 1 : result.rowcount;
  if (rows > 1)
    throw fail(
      `Alert query returned more than one row. ${result.truncated ? `Over ${ALERT_ROW_CAP}` : rows} rows returned`,
    );
  if (result.columns.length > 1)
    throw fail(`Alert query returned more than one column. ${result.columns.length} columns returned`);
  const cell = rows === 1 ? result.data[0]?.[0] : null;
  const valueRowJson = rows === 1 ? firstRowJson(result.columns, result.data) : null;
  if (alert.validator_type === "not null") {
    // Any value but NULL, 0 or NaN fires, text included (Superset's rule); the log keeps numbers.
    let value: number | null = null;
    try {
      value = asNumber(cell);
    } catch {
      value = null;
    }
    const empty = cell === null || cell === undefined || value === 0 || Number.isNaN(cell);
    return { triggered: !empty, value, valueRowJson };
  }
  const value = asNumber(cell);
  const op = alert.validator_config?.op;
  const threshold = alert.validator_config?.threshold;
  const compare = op ? OPERATORS[op] : undefined;
  if (!compare || typeof threshold !== "number") throw fail("Alert validator config error.");
  return { triggered: compare(value ?? 0, threshold), value, valueRowJson };
}
