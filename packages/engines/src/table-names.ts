import { ErrorType } from "@strata/contracts";
import { EngineError } from "./types.ts";

/** A table or view as a statement names it: `table`, or `schema.table`. */
export interface TableName {
  schema?: string;
  table: string;
}

/** Where a name leads once the engine has looked it up. */
export interface QualifiedTable {
  schema: string;
  table: string;
}

/**
 * Functions a FROM clause may call: they make rows out of their arguments and read no table.
 * Any other function there (`read_csv`, `dblink`, a table macro an admin defined) may read
 * anything, so it is refused.
 */
const ROW_MAKERS = new Set(["generate_series", "unnest", "range", "generate_subscripts"]);

/**
 * Functions that run SQL (or read a table) named in a string: what they read can't be seen in
 * the statement's tree, so a statement calling one is refused wherever the call is.
 */
const RUNS_SQL_FROM_TEXT = new Set([
  "query_to_xml",
  "query_to_xmlschema",
  "query_to_xml_and_xmlschema",
  "table_to_xml",
  "table_to_xmlschema",
  "table_to_xml_and_xmlschema",
  "cursor_to_xml",
  "cursor_to_xmlschema",
  "schema_to_xml",
  "schema_to_xmlschema",
  "schema_to_xml_and_xmlschema",
  "database_to_xml",
  "database_to_xmlschema",
  "database_to_xml_and_xmlschema",
  "ts_stat",
  "ts_rewrite",
  "dblink",
  "dblink_exec",
  "dblink_open",
  "dblink_fetch",
  "dblink_send_query",
  "query",
  "query_table",
  "json_execute_serialized_sql",
]);

/** Why a statement's tables can't be vouched for: the caller then needs the whole database. */
export class UnreadableTables extends EngineError {
  constructor(reason: string) {
    super(reason, ErrorType.TABLE_SECURITY_ACCESS_ERROR, 403);
    this.name = "UnreadableTables";
  }
}

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The last part of a function's name (`pg_catalog.query_to_xml` → `query_to_xml`), lower-cased. */
function functionName(call: Node): string {
  return lastName(call.funcname)?.toLowerCase() ?? "";
}

/** The last part of a dotted name as the parser lists it (`[{String: {sval}}, …]`). */
function lastName(parts: unknown): string | undefined {
  const last = Array.isArray(parts) ? parts.at(-1) : undefined;
  const name = isNode(last) && isNode(last.String) ? last.String.sval : undefined;
  return typeof name === "string" ? name : undefined;
}

/**
 * The tables and views one SELECT reads, read by PostgreSQL's own parser (DuckDB's grammar
 * grew from it). Used where a caller may read only some tables of a database: anything the
 * reading can't vouch for throws `UnreadableTables`, so the caller is refused rather than let
 * through:
 * - more than one statement, or anything but a SELECT (writes, SELECT INTO, row locks, EXPLAIN,
 *   SHOW, a data-changing statement inside a WITH), or text this grammar does not read (DuckDB's
 *   own syntax such as `FROM t SELECT …`);
 * - a function in FROM other than the ones that only make rows, and anywhere a function that runs
 *   SQL from a string;
 * - a name with a catalog (`db.schema.table`).
 *
 * WITH names are scoped as narrowly as any engine reads them: a WITH query sees the ones before
 * it; the main query sees all of them; only an unqualified name can be one. Under RECURSIVE a
 * query sees itself only in the FROM of the plain SELECT after its top UNION: DuckDB reads the
 * *table* of that name anywhere else (`WITH RECURSIVE t AS (SELECT * FROM t)` reads table t),
 * where PostgreSQL would refuse to run. A name outside those places is taken as a table, which
 * is then checked: at worst a refusal the engine would not have needed, never a table read
 * unchecked.
 */
export async function readTableNames(sql: string): Promise<TableName[]> {
  return (await readReferences(sql)).tables;
}

/** What one SELECT reads and calls, as `readReferences` finds them. */
export interface StatementReferences {
  tables: TableName[];
  /**
   * The functions it calls (the last part of each name, lower-cased) and, on PostgreSQL, the
   * operators it uses: a routine someone defined in the database may read any table, which the
   * caller then checks against the engine's list of such routines.
   */
  routines: string[];
}

/** The tables one SELECT reads and the routines it calls; refuses what `readTableNames` refuses. */
export async function readReferences(sql: string): Promise<StatementReferences> {
  // Loaded on first use: the parser is WebAssembly compiled as it loads, which no cold start
  // should pay for.
  const { parse } = await import("libpg-query");
  let tree: { stmts?: { stmt?: Node }[] };
  try {
    tree = await parse(sql);
  } catch {
    throw new UnreadableTables(
      "This SQL can't be read as a plain SELECT (PostgreSQL's grammar), so the tables it reads can't be checked against your access.",
    );
  }
  const statements = tree.stmts ?? [];
  if (statements.length !== 1) throw new UnreadableTables("Run one statement at a time.");
  const statement = statements[0].stmt;
  if (!isNode(statement) || !isNode(statement.SelectStmt))
    throw new UnreadableTables("Only SELECT statements can run here.");

  const found = new Map<string, TableName>();
  const routines = new Set<string>();
  const visit = (value: unknown, outer: Scope): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item, outer);
      return;
    }
    if (!isNode(value)) return;
    let scope = outer;
    if (isNode(value.withClause)) {
      scope = { names: scopeWith(value.withClause, outer.names, visit) };
    }
    for (const [key, child] of Object.entries(value)) {
      if (key === "withClause") continue;
      if (key === "intoClause" || key === "lockingClause")
        throw new UnreadableTables("Only SELECT statements that change nothing can run here.");
      if (key.endsWith("Stmt") && key !== "SelectStmt")
        throw new UnreadableTables("Only SELECT statements can run here.");
      if (key === "RangeVar" && isNode(child)) {
        const name = tableName(child, scope);
        if (name) found.set(`${name.schema ?? ""}\u0000${name.table}`, name);
        continue;
      }
      if (key === "RangeFunction" && isNode(child)) checkRowMakers(child);
      if (key === "FuncCall" && isNode(child)) {
        const name = functionName(child);
        if (RUNS_SQL_FROM_TEXT.has(name))
          throw new UnreadableTables(
            `${name}() runs SQL given as text, which can't be checked against your access.`,
          );
        routines.add(name);
      }
      if (key === "A_Expr" && isNode(child)) {
        const operator = lastName(child.name);
        if (operator) routines.add(operator);
      }
      // A query nested in this one: a recursive query's own name does not reach into it.
      visit(child, key === "SelectStmt" && scope.self !== undefined ? { names: scope.names } : scope);
    }
  };
  visit(statement.SelectStmt, { names: new Set() });
  return { tables: [...found.values()], routines: [...routines] };
}

/** The WITH names a part of a query sees, and a recursive query's own name where it sees that. */
interface Scope {
  names: ReadonlySet<string>;
  self?: string;
}

/**
 * Visits the WITH queries of a query in their own scopes and answers the names its main part
 * sees: the outer ones and all of these.
 */
function scopeWith(
  withClause: Node,
  outer: ReadonlySet<string>,
  visit: (value: unknown, scope: Scope) => void,
): ReadonlySet<string> {
  const recursive = withClause.recursive === true;
  const seen = new Set(outer);
  for (const item of Array.isArray(withClause.ctes) ? withClause.ctes : []) {
    const cte = isNode(item) && isNode(item.CommonTableExpr) ? item.CommonTableExpr : undefined;
    if (!cte || typeof cte.ctename !== "string")
      throw new UnreadableTables("A WITH clause of this SQL can't be read.");
    const name = cte.ctename;
    const body = isNode(cte.ctequery) ? cte.ctequery.SelectStmt : undefined;
    if (
      recursive &&
      isNode(body) &&
      body.op === "SETOP_UNION" &&
      body.withClause === undefined &&
      isNode(body.rarg) &&
      body.rarg.op === "SETOP_NONE"
    ) {
      const { larg, rarg, ...rest } = body;
      visit(rest, { names: new Set(seen) });
      visit(larg, { names: new Set(seen) });
      visit(rarg, { names: new Set(seen), self: name });
    } else visit(cte.ctequery, { names: new Set(seen) });
    seen.add(name);
  }
  return seen;
}

/** The table a FROM item names, or nothing when it is a WITH query in scope. */
function tableName(rangeVar: Node, scope: Scope): TableName | undefined {
  const table = rangeVar.relname;
  if (typeof table !== "string") throw new UnreadableTables("A table name of this SQL can't be read.");
  if (typeof rangeVar.catalogname === "string")
    throw new UnreadableTables(
      `"${rangeVar.catalogname}.${rangeVar.schemaname}.${table}" names a catalog: name tables as schema.table here.`,
    );
  const schema = typeof rangeVar.schemaname === "string" ? rangeVar.schemaname : undefined;
  if (schema === undefined && (scope.names.has(table) || scope.self === table)) return undefined;
  return schema === undefined ? { table } : { schema, table };
}

function checkRowMakers(rangeFunction: Node): void {
  const calls: Node[] = [];
  const collect = (value: unknown) => {
    if (Array.isArray(value)) for (const item of value) collect(item);
    else if (isNode(value)) {
      if (isNode(value.FuncCall)) calls.push(value.FuncCall);
      else if (isNode(value.List)) collect(value.List.items);
    }
  };
  collect(rangeFunction.functions);
  if (calls.length === 0) throw new UnreadableTables("A function in FROM of this SQL can't be read.");
  for (const call of calls) {
    const name = functionName(call);
    if (!ROW_MAKERS.has(name))
      throw new UnreadableTables(
        `${name}() in FROM may read data beyond the tables you can access; only ${[...ROW_MAKERS].join(", ")} can be used there.`,
      );
  }
}
