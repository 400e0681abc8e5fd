import { QUERY_FILTER_OPERATORS } from "@strata/contracts";
import { formatDate, NO_TIME_RANGE, parseTimeRange, toNaiveIso } from "@strata/query";
import { hasTemplate } from "./jinja-engine.ts";
import type { LiteralVault } from "./literal-vault.ts";
import { metricKey } from "./metric-key.ts";
import {
  argsOf,
  fn,
  IntegerValue,
  isString,
  list,
  none,
  obj,
  plain,
  type RuntimeValue,
  str,
  toRuntime,
} from "./runtime-values.ts";
import { requestString, sqlList, TemplateRuntimeError, TemplateSyntaxError } from "./sandbox.ts";

/** Who renders the template (Superset's current_user_* macros). */
export interface TemplateUser {
  id: number | null;
  username: string | null;
  email: string | null;
  roles: string[];
}

/** What the request says: a chart query's filters, time range and the page's URL parameters. */
export interface TemplateRequest {
  filters?: readonly { col: unknown; op: string; val?: unknown }[];
  timeRange?: string | null;
  urlParams?: Readonly<Record<string, string | null | undefined>>;
}

/** The dialect's literal helpers (engines' dialects satisfy this). */
export interface TemplateDialect {
  quoteLiteral(value: string): string;
  datetimeLiteral(iso: string, type?: string): string;
}

export interface TemplateContextInput {
  user: TemplateUser | null;
  request?: TemplateRequest;
  /** Parameters the SQL's author wrote (the dataset's, SQL Lab's own): printed as they are. */
  trustedParams?: Record<string, unknown>;
  /** Parameters that came with a request for someone else's SQL: printed as literals. */
  requestParams?: Record<string, unknown>;
  dialect: TemplateDialect;
  now: Date;
  /** The dataset's column types, for get_time_filter's target type. */
  columnTypes?: Readonly<Record<string, string | null | undefined>>;
  /** `dataset(id)` SQL, resolved before rendering with the caller's access. */
  datasets?: ReadonlyMap<number, { sql: string; withMetrics: string }>;
  /** `metric(name, dataset_id)` expressions, resolved before rendering ("" key: the current dataset). */
  metrics?: ReadonlyMap<string, string>;
  /** Datasets `metric(name, id)` may read, by id, with their names (any other id is not found). */
  metricDatasets?: ReadonlyMap<number, string>;
  /** The current dataset's saved metric this text is the expression of (a cycle back to it is refused). */
  metricName?: string;
}

/** Filters a template consumed (`remove_filter=True`) or looked at, by column. */
export interface FilterUse {
  applied: Set<string>;
  removed: Set<string>;
  /** Values handed to cache_key_wrapper (the rendered SQL is in the cache key already). */
  cacheKeys: unknown[];
}

/**
 * Superset's Jinja context (jinja_context.py) with its names, arguments and return shapes.
 * Anything that comes from the request or the user record is handed over as a marker (see
 * literal-vault.ts), so it reaches SQL only as a quoted literal; values the SQL's author wrote
 * or the server computed (dates, dataset SQL) are plain.
 */
export function templateContext(
  input: TemplateContextInput,
  vault: LiteralVault,
  use: FilterUse,
  /** Renders a saved metric's own template within this render (same context, markers and limits). */
  nested?: (text: string) => string,
) {
  const request = input.request ?? {};
  const expanding: MetricRef[] = input.metricName
    ? [{ key: metricKey(input.metricName, null), name: input.metricName, datasetId: null }]
    : [];
  const user = input.user;
  const literal = (v: unknown): RuntimeValue =>
    typeof v === "string" ? requestString(v, vault) : deepLiteral(v, vault);
  const cacheKey = <T>(value: T, add: RuntimeValue | undefined): T => {
    if (!add || add.__bool__().value) use.cacheKeys.push(value);
    return value;
  };

  const matching = (column: string) =>
    (request.filters ?? []).filter((f) => typeof f.col === "string" && f.col === column);

  const getFilters = (column: string, remove: boolean) => {
    const out: { op: string; val: unknown }[] = [];
    for (const f of matching(column)) {
      if (f.op === "TEMPORAL_RANGE") continue;
      const empty =
        f.val === undefined || f.val === null || f.val === "" || (Array.isArray(f.val) && !f.val.length);
      if (empty && !f.op.startsWith("IS ")) continue;
      use.applied.add(column);
      if (remove) use.removed.add(column);
      const val = (f.op === "IN" || f.op === "NOT IN") && !Array.isArray(f.val) ? [f.val] : f.val;
      out.push({ op: f.op, val });
    }
    return out;
  };

  const timeBounds = (range: string) => {
    try {
      return parseTimeRange(range, { now: input.now });
    } catch (e) {
      throw new TemplateRuntimeError(
        `Unexpected time range "${range}": ${e instanceof Error ? e.message : e}`,
      );
    }
  };
  const queryBounds = timeBounds(
    request.timeRange ??
      ((request.filters ?? []).find((f) => f.op === "TEMPORAL_RANGE" && typeof f.val === "string")
        ?.val as string) ??
      NO_TIME_RANGE,
  );

  const entries: [string, RuntimeValue][] = [
    [
      "filter_values",
      fn((args) => {
        const a = argsOf(args, ["column", "default", "remove_filter"]);
        const column = textArg(a.get("column"), "filter_values", "column");
        const values: unknown[] = [];
        for (const f of getFilters(column, truthy(a.get("remove_filter")))) {
          if (Array.isArray(f.val)) values.push(...f.val);
          else if (f.val) values.push(f.val);
        }
        const items = values.filter((v) => v !== null && v !== undefined).map(literal);
        const fallback = a.get("default");
        if (!items.length && fallback && fallback.__bool__().value) return sqlList([fallback], vault);
        return sqlList(items, vault);
      }),
    ],
    [
      "get_filters",
      fn((args) => {
        const a = argsOf(args, ["column", "remove_filter"]);
        const column = textArg(a.get("column"), "get_filters", "column");
        return list(
          getFilters(column, truthy(a.get("remove_filter"))).map((f) =>
            obj([
              // The wire schema only lets known operators through; anything else stays a literal.
              ["op", KNOWN_OPERATORS.has(f.op) ? str(f.op) : literal(f.op)],
              ["col", str(column)],
              ["val", Array.isArray(f.val) ? sqlList(f.val.map(literal), vault) : literal(f.val)],
            ]),
          ),
        );
      }),
    ],
    [
      "url_param",
      fn((args) => {
        const a = argsOf(args, ["param", "default", "add_to_cache_keys", "escape_result"]);
        const name = textArg(a.get("param"), "url_param", "param");
        // Own keys only: `url_param('toString')` must find no parameter, not Object.prototype's method.
        const params = request.urlParams;
        const value = params && Object.hasOwn(params, name) ? params[name] : undefined;
        // escape_result=False can't make a request value raw SQL here: it stays a literal.
        if (value !== undefined && value !== null)
          return cacheKey(literal(value), a.get("add_to_cache_keys"));
        return cacheKey(a.get("default") ?? none(), a.get("add_to_cache_keys"));
      }),
    ],
    [
      "current_user_id",
      fn((args) => {
        const a = argsOf(args, ["add_to_cache_keys"]);
        return cacheKey(user?.id != null ? new IntegerValue(user.id) : none(), a.get("add_to_cache_keys"));
      }),
    ],
    [
      "current_username",
      fn((args) => {
        const a = argsOf(args, ["add_to_cache_keys"]);
        return cacheKey(user?.username ? literal(user.username) : none(), a.get("add_to_cache_keys"));
      }),
    ],
    [
      "current_user_email",
      fn((args) => {
        const a = argsOf(args, ["add_to_cache_keys"]);
        return cacheKey(user?.email ? literal(user.email) : none(), a.get("add_to_cache_keys"));
      }),
    ],
    [
      "current_user_roles",
      fn((args) => {
        const a = argsOf(args, ["add_to_cache_keys"]);
        return cacheKey(user ? sqlList(user.roles.map(literal), vault) : none(), a.get("add_to_cache_keys"));
      }),
    ],
    ["cache_key_wrapper", fn((args) => cacheKey(argsOf(args, ["key"]).get("key") ?? none(), undefined))],
    [
      "get_time_filter",
      fn((args) => {
        const a = argsOf(args, ["column", "default", "target_type", "strftime", "remove_filter"]);
        const column = a.get("column");
        let range = request.timeRange ?? null;
        let targetType = isString(a.get("target_type")) ? (a.get("target_type")!.value as string) : undefined;
        if (isString(column)) {
          const f = matching(column.value).find((x) => x.op === "TEMPORAL_RANGE");
          if (f && typeof f.val === "string") {
            use.applied.add(column.value);
            if (truthy(a.get("remove_filter"))) use.removed.add(column.value);
            range = f.val;
            const types = input.columnTypes;
            if (types && Object.hasOwn(types, column.value)) targetType ??= types[column.value] ?? undefined;
          }
        }
        range = range || NO_TIME_RANGE;
        const fallback = a.get("default");
        if (range === NO_TIME_RANGE && isString(fallback) && fallback.value) range = fallback.value;
        const bounds = timeBounds(range);
        const format = isString(a.get("strftime")) ? (a.get("strftime")!.value as string) : null;
        const expr = (d: Date | null): RuntimeValue => {
          if (!d) return none();
          // Server-made text from parsed dates: SQL as it is.
          return str(
            format
              ? formatDate(d, format)
              : input.dialect.datetimeLiteral(toNaiveIso(d), targetType ?? "TIMESTAMP"),
          );
        };
        return obj([
          ["from_expr", expr(bounds.since)],
          ["to_expr", expr(bounds.until)],
          ["time_range", literal(range)],
        ]);
      }),
    ],
    [
      "dataset",
      fn((args) => {
        const a = argsOf(args, ["dataset_id", "include_metrics", "columns"]);
        const id = Number(plain(a.get("dataset_id")));
        const found = input.datasets?.get(id);
        if (!found) throw new TemplateRuntimeError(`Dataset ${id} not found!`);
        return str(truthy(a.get("include_metrics")) ? found.withMetrics : found.sql);
      }),
    ],
    [
      "metric",
      fn((args) => {
        const a = argsOf(args, ["metric_key", "dataset_id"]);
        const name = textArg(a.get("metric_key"), "metric", "metric_key");
        const given = plain(a.get("dataset_id"));
        // Without a dataset id, the metric is the dataset's whose expression is being expanded
        // (the current dataset at the top).
        const datasetId = given == null ? (expanding.at(-1)?.datasetId ?? null) : Number(given);
        const key = metricKey(name, datasetId);
        const expression = input.metrics?.get(key);
        if (expression === undefined) {
          // A dataset the caller can't read is not found, as for dataset(): its metrics aren't listed.
          if (datasetId !== null && !input.metricDatasets?.has(datasetId))
            throw new TemplateRuntimeError(`Dataset ${datasetId} not found!`);
          const where = datasetId === null ? "" : ` in ${input.metricDatasets?.get(datasetId)}`;
          throw new TemplateRuntimeError(`Metric \`\`${name}\`\` not found${where}.`);
        }
        if (!nested || !hasTemplate(expression)) return str(expression);
        return str(expandMetric({ key, name, datasetId }, expression, expanding, nested));
      }),
    ],
    ["from_dttm", queryBounds.since ? str(toNaiveIso(queryBounds.since)) : none()],
    ["to_dttm", queryBounds.until ? str(toNaiveIso(queryBounds.until)) : none()],
  ];

  const params: [string, RuntimeValue][] = [
    ...Object.entries(input.trustedParams ?? {}).map(([k, v]): [string, RuntimeValue] => [k, toRuntime(v)]),
    ...Object.entries(input.requestParams ?? {}).map(([k, v]): [string, RuntimeValue] => [k, literal(v)]),
  ];
  // The macros win over parameters of the same name, as in Superset (the context is applied last).
  return new Map<string, RuntimeValue>([...params, ...entries]);
}

const KNOWN_OPERATORS: ReadonlySet<string> = new Set(QUERY_FILTER_OPERATORS);

/** How deep `metric()` expansions may nest (a metric naming a metric naming a metric…). */
export const MAX_METRIC_NESTING = 10;

interface MetricRef {
  key: string;
  name: string;
  datasetId: number | null;
}

const metricLabel = (m: MetricRef) =>
  m.datasetId == null ? `\`${m.name}\`` : `\`${m.name}\` (dataset ${m.datasetId})`;

/**
 * A saved metric whose expression has its own template (`{{ metric('other') }} * 2`), expanded
 * the way Superset does: nested `metric()` calls recursively, a metric met again on its own
 * path refused as a cycle, and the nesting bounded.
 */
function expandMetric(
  ref: MetricRef,
  expression: string,
  expanding: MetricRef[],
  nested: (text: string) => string,
): string {
  const seen = expanding.findIndex((m) => m.key === ref.key);
  if (seen >= 0) {
    const path = [...expanding.slice(seen), ref].map(metricLabel).join(" → ");
    throw new TemplateRuntimeError(
      `Cyclic metric macro detected: ${path}. Change one of these metrics so that it doesn't refer back to itself through metric().`,
    );
  }
  if (expanding.length >= MAX_METRIC_NESTING)
    throw new TemplateRuntimeError(
      `metric() expansions nest more than ${MAX_METRIC_NESTING} levels deep (${[...expanding, ref].map(metricLabel).join(" → ")}); write one of these metrics without metric().`,
    );
  expanding.push(ref);
  try {
    return nested(expression);
  } catch (e) {
    if (e instanceof TemplateSyntaxError)
      throw new TemplateRuntimeError(`the metric ${metricLabel(ref)} has a malformed template: ${e.message}`);
    throw e;
  } finally {
    expanding.pop();
  }
}

function deepLiteral(v: unknown, vault: LiteralVault): RuntimeValue {
  if (typeof v === "string") return requestString(v, vault);
  if (Array.isArray(v))
    return sqlList(
      v.map((x) => deepLiteral(x, vault)),
      vault,
    );
  // Keys come from the request too, and `items()`, `|items` and `for k in …` print them: they
  // are marked like the values, so such an object is read by iterating, not by a key's name.
  if (v && typeof v === "object")
    return obj(
      Object.entries(v).map(([k, x]): [string, RuntimeValue] => [vault.mark(k), deepLiteral(x, vault)]),
    );
  return toRuntime(v ?? null);
}

function truthy(v: RuntimeValue | undefined): boolean {
  return !!v && v.__bool__().value;
}

function textArg(v: RuntimeValue | undefined, macro: string, name: string): string {
  if (!isString(v)) throw new TemplateRuntimeError(`${macro}() needs the ${name} as a string`);
  return v.value;
}
