import type { DatasetColumn, DatasetDetail, DatasetMetric, DatasetPut } from "@strata/contracts";
import { buildExtra, parseExtra, readCertification } from "./extra-json";

// A type alias (not an interface) so it fits the schema's loose-object `currency`.
export type Currency = {
  symbol: string;
  symbolPosition: "prefix" | "suffix";
};

export interface MetricDraft {
  key: string;
  id: number | null;
  metric_name: string;
  verbose_name: string;
  expression: string;
  description: string;
  d3format: string;
  currency: Currency | null;
  certified_by: string;
  certification_details: string;
  warning_text: string;
  metric_type: string | null;
  uuid: string | null;
  extraBase: Record<string, unknown>;
}

export interface ColumnDraft {
  key: string;
  id: number | null;
  column_name: string;
  type: string;
  verbose_name: string;
  description: string;
  expression: string;
  /** Calculated columns carry an expression and can be deleted. */
  calculated: boolean;
  filterable: boolean;
  groupby: boolean;
  is_active: boolean;
  is_dttm: boolean;
  python_date_format: string;
  advanced_data_type: string | null;
  uuid: string | null;
  extra: string | null;
}

export interface OwnerOption {
  value: number;
  label: string;
}

export interface DatasetDraft {
  table_name: string;
  description: string;
  default_endpoint: string;
  cache_timeout: number | "";
  owners: OwnerOption[];
  certified_by: string;
  certification_details: string;
  warning_markdown: string;
  sql: string;
  template_params: string;
  main_dttm_col: string | null;
  filter_select_enabled: boolean;
  fetch_values_predicate: string;
  normalize_columns: boolean;
  always_filter_main_dttm: boolean;
  offset: number;
  extraBase: Record<string, unknown>;
  metrics: MetricDraft[];
  columns: ColumnDraft[];
}

let seq = 0;
export const newKey = () => `k${++seq}`;

const s = (v: unknown) => (typeof v === "string" ? v : "");

function parseCurrency(value: unknown): Currency | null {
  let v = value;
  if (typeof v === "string") {
    try {
      v = JSON.parse(v);
    } catch {
      return null;
    }
  }
  if (v && typeof v === "object" && "symbol" in v && (v as Currency).symbol) {
    const c = v as Currency;
    return { symbol: c.symbol, symbolPosition: c.symbolPosition === "suffix" ? "suffix" : "prefix" };
  }
  return null;
}

export function metricFromDetail(m: DatasetDetail["metrics"][number]): MetricDraft {
  const extra = parseExtra(m.extra);
  const cert = readCertification(extra);
  return {
    key: newKey(),
    id: typeof m.id === "number" ? m.id : null,
    metric_name: m.metric_name,
    verbose_name: s(m.verbose_name),
    expression: m.expression,
    description: s(m.description),
    d3format: s(m.d3format),
    currency: parseCurrency(m.currency),
    certified_by: m.certified_by ?? cert.certified_by,
    certification_details: m.certification_details ?? cert.details,
    warning_text: s(m.warning_text) || s(extra.warning_markdown),
    metric_type: m.metric_type ?? null,
    uuid: m.uuid ?? null,
    extraBase: extra,
  };
}

export function columnFromDetail(c: DatasetDetail["columns"][number]): ColumnDraft {
  return {
    key: newKey(),
    id: typeof c.id === "number" ? c.id : null,
    column_name: c.column_name,
    type: s(c.type),
    verbose_name: s(c.verbose_name),
    description: s(c.description),
    expression: s(c.expression),
    calculated: Boolean(c.expression),
    filterable: c.filterable ?? true,
    groupby: c.groupby ?? true,
    is_active: c.is_active ?? true,
    is_dttm: Boolean(c.is_dttm),
    python_date_format: s(c.python_date_format),
    advanced_data_type: c.advanced_data_type ?? null,
    uuid: c.uuid ?? null,
    extra: c.extra ?? null,
  };
}

export function draftFromDetail(d: DatasetDetail): DatasetDraft {
  const extra = parseExtra(d.extra);
  const cert = readCertification(extra);
  return {
    table_name: d.table_name,
    description: s(d.description),
    default_endpoint: s(d.default_endpoint),
    cache_timeout: d.cache_timeout ?? "",
    owners: (d.owners ?? []).map((o) => ({ value: o.id, label: `${o.first_name} ${o.last_name}`.trim() })),
    certified_by: d.certified_by ?? cert.certified_by,
    certification_details: d.certification_details ?? cert.details,
    warning_markdown: s(extra.warning_markdown),
    sql: s(d.sql),
    template_params: s(d.template_params),
    main_dttm_col: d.main_dttm_col ?? null,
    filter_select_enabled: d.filter_select_enabled ?? true,
    fetch_values_predicate: s(d.fetch_values_predicate),
    normalize_columns: Boolean(d.normalize_columns),
    always_filter_main_dttm: Boolean(d.always_filter_main_dttm),
    offset: d.offset ?? 0,
    extraBase: extra,
    metrics: (d.metrics ?? []).map(metricFromDetail),
    columns: (d.columns ?? []).map(columnFromDetail),
  };
}

const orNull = (v: string) => (v.trim() === "" ? null : v);

export function metricToWire(m: MetricDraft): DatasetMetric {
  const out: DatasetMetric = {
    metric_name: m.metric_name.trim(),
    expression: m.expression,
    description: orNull(m.description),
    metric_type: m.metric_type,
    d3format: orNull(m.d3format),
    currency: m.currency,
    verbose_name: orNull(m.verbose_name),
    warning_text: orNull(m.warning_text),
    uuid: m.uuid,
    extra: buildExtra(m.extraBase, m.certified_by, m.certification_details, m.warning_text),
  };
  // The metric id is sent only when it is numeric (001 §3).
  if (typeof m.id === "number") out.id = m.id;
  return out;
}

export function columnToWire(c: ColumnDraft): DatasetColumn {
  const out: DatasetColumn = {
    column_name: c.column_name.trim(),
    type: orNull(c.type),
    advanced_data_type: c.advanced_data_type,
    verbose_name: orNull(c.verbose_name),
    description: orNull(c.description),
    expression: c.calculated ? c.expression : orNull(c.expression),
    filterable: c.filterable,
    groupby: c.groupby,
    is_active: c.is_active,
    is_dttm: c.is_dttm,
    python_date_format: orNull(c.python_date_format),
    uuid: c.uuid,
    extra: c.extra,
  };
  if (typeof c.id === "number") out.id = c.id;
  return out;
}

/** The body of PUT /api/v1/dataset/{id} (001 §3: fields sent on save). */
export function toPutBody(original: DatasetDetail, draft: DatasetDraft): DatasetPut {
  const body: DatasetPut = {
    table_name: draft.table_name,
    database_id: original.database.id,
    sql: orNull(draft.sql),
    filter_select_enabled: draft.filter_select_enabled,
    fetch_values_predicate: orNull(draft.fetch_values_predicate),
    schema: original.schema,
    description: orNull(draft.description),
    main_dttm_col: draft.main_dttm_col,
    normalize_columns: draft.normalize_columns,
    always_filter_main_dttm: draft.always_filter_main_dttm,
    offset: draft.offset,
    default_endpoint: orNull(draft.default_endpoint),
    // An empty cache timeout is sent as null (001 §5).
    cache_timeout: draft.cache_timeout === "" ? null : draft.cache_timeout,
    is_sqllab_view: original.is_sqllab_view ?? false,
    template_params: orNull(draft.template_params),
    extra: buildExtra(
      draft.extraBase,
      draft.certified_by,
      draft.certification_details,
      draft.warning_markdown,
    ),
    is_managed_externally: original.is_managed_externally ?? false,
    external_url: original.external_url ?? null,
    owners: draft.owners.map((o) => o.value),
    metrics: draft.metrics.map(metricToWire),
    columns: draft.columns.map(columnToWire),
  };
  if (original.database.allow_multi_catalog) body.catalog = original.catalog ?? null;
  return body;
}

/** override_columns is true when the SQL changed. */
export function sqlChanged(original: DatasetDetail, draft: DatasetDraft): boolean {
  return (original.sql ?? "").trim() !== draft.sql.trim();
}

function duplicates(names: string[]): string[] {
  const seen = new Set<string>();
  const dups = new Set<string>();
  for (const n of names) (seen.has(n) ? dups : seen).add(n);
  return [...dups];
}

/** What keeps Save disabled (001 §5: the editor reports validation errors). */
export function validateDraft(draft: DatasetDraft): string[] {
  const errors: string[] = [];
  if (draft.metrics.some((m) => !m.metric_name.trim())) errors.push("Metric name is required");
  if (draft.metrics.some((m) => !m.expression.trim())) errors.push("Metric expression is required");
  for (const d of duplicates(draft.metrics.map((m) => m.metric_name.trim()).filter(Boolean))) {
    errors.push(`Metric name [${d}] is duplicated`);
  }
  if (draft.columns.some((c) => !c.column_name.trim())) errors.push("Column name is required");
  if (draft.columns.some((c) => c.calculated && !c.expression.trim()))
    errors.push("Calculated column expression is required");
  for (const d of duplicates(draft.columns.map((c) => c.column_name.trim()).filter(Boolean))) {
    errors.push(`Column name [${d}] is duplicated`);
  }
  if (draft.cache_timeout !== "" && (!Number.isInteger(draft.cache_timeout) || draft.cache_timeout < 0)) {
    errors.push("Cache timeout is expected to be an integer");
  }
  const params = templateParamsProblem(draft.template_params);
  if (params) errors.push(params);
  return errors;
}

/**
 * What is wrong with template parameters text, if anything: Jinja sees them as names, so they
 * must be one JSON object (`{"state": "CA"}`), as Superset requires.
 */
export function templateParamsProblem(text: string): string | null {
  if (!text.trim()) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return "Template parameters must be valid JSON";
  }
  return parsed && typeof parsed === "object" && !Array.isArray(parsed)
    ? null
    : 'Template parameters must be a JSON object, e.g. {"state": "CA"}';
}

/**
 * Columns re-read from the source merged into the draft: edits of kept columns stay, their type
 * updates; vanished physical columns go; new ones are added; calculated columns are untouched.
 */
export function mergeSyncedColumns(current: ColumnDraft[], source: DatasetDetail["columns"]) {
  const byName = new Map(current.filter((c) => !c.calculated).map((c) => [c.column_name, c]));
  const sourceNames = new Set(source.map((c) => c.column_name));
  const added: string[] = [];
  const modified: string[] = [];
  const merged: ColumnDraft[] = [];
  for (const col of source) {
    if (col.expression) continue;
    const existing = byName.get(col.column_name);
    if (existing) {
      if ((col.type ?? "") !== existing.type) modified.push(col.column_name);
      merged.push({
        ...existing,
        type: col.type ?? existing.type,
        id: typeof col.id === "number" ? col.id : existing.id,
      });
    } else {
      added.push(col.column_name);
      merged.push(columnFromDetail(col));
    }
  }
  const removed = current
    .filter((c) => !c.calculated && !sourceNames.has(c.column_name))
    .map((c) => c.column_name);
  const columns = [...merged, ...current.filter((c) => c.calculated)];
  return { columns, added, removed, modified };
}
