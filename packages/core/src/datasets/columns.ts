import { randomUUID } from "node:crypto";
import type { DatasetColumn, DatasetMetric } from "@strata/contracts";
import type { ColumnInfo } from "@strata/engines";
import { unprocessable } from "../errors.ts";
import type { ColumnData, MetricData } from "./types.ts";

type IdSource = () => Promise<number>;

export function columnFromSource(id: number, c: ColumnInfo): ColumnData {
  const temporal = c.kind === "temporal";
  return {
    id,
    column_name: c.name,
    type: c.type,
    advanced_data_type: null,
    verbose_name: null,
    description: null,
    expression: null,
    filterable: true,
    groupby: true,
    is_active: true,
    is_dttm: temporal,
    python_date_format: null,
    uuid: randomUUID(),
    extra: null,
  };
}

/**
 * Refresh from the source: keep what users set on columns that still exist, add new ones,
 * drop physical columns that are gone; calculated (expression) columns stay.
 */
export async function syncColumns(
  existing: ColumnData[],
  source: ColumnInfo[],
  nextId: IdSource,
): Promise<ColumnData[]> {
  const byName = new Map(existing.map((c) => [c.column_name, c]));
  const out: ColumnData[] = [];
  for (const s of source) {
    const prev = byName.get(s.name);
    out.push(prev ? { ...prev, type: s.type } : columnFromSource(await nextId(), s));
  }
  const sourceNames = new Set(source.map((s) => s.name));
  for (const c of existing) if (c.expression && !sourceNames.has(c.column_name)) out.push(c);
  return out;
}

function duplicates(names: string[]): string[] {
  return [...new Set(names.filter((n, i) => names.indexOf(n) !== i))];
}

/** Columns as sent on save: ids keep existing rows, rows without an id are new, missing rows go. */
export async function mergeColumns(
  existing: ColumnData[],
  sent: DatasetColumn[],
  nextId: IdSource,
): Promise<ColumnData[]> {
  const dup = duplicates(sent.map((c) => c.column_name));
  if (dup.length) throw unprocessable({ columns: [`One or more columns are duplicated: ${dup.join(", ")}`] });
  const byId = new Map(existing.map((c) => [c.id, c]));
  const out: ColumnData[] = [];
  for (const c of sent) {
    const prev = typeof c.id === "number" ? byId.get(c.id) : undefined;
    if (typeof c.id === "number" && !prev)
      throw unprocessable({ columns: [`Column id ${c.id} does not belong to this dataset`] });
    out.push({
      id: prev?.id ?? (await nextId()),
      column_name: c.column_name,
      type: c.type ?? prev?.type ?? null,
      advanced_data_type: c.advanced_data_type ?? prev?.advanced_data_type ?? null,
      verbose_name: c.verbose_name ?? null,
      description: c.description ?? null,
      expression: c.expression || null,
      filterable: c.filterable ?? prev?.filterable ?? true,
      groupby: c.groupby ?? prev?.groupby ?? true,
      is_active: c.is_active ?? prev?.is_active ?? true,
      is_dttm: c.is_dttm ?? prev?.is_dttm ?? false,
      python_date_format: c.python_date_format ?? null,
      uuid: c.uuid ?? prev?.uuid ?? randomUUID(),
      extra: c.extra ?? prev?.extra ?? null,
    });
  }
  return out;
}

export async function mergeMetrics(
  existing: MetricData[],
  sent: DatasetMetric[],
  nextId: IdSource,
): Promise<MetricData[]> {
  const dup = duplicates(sent.map((m) => m.metric_name));
  if (dup.length) throw unprocessable({ metrics: [`One or more metrics are duplicated: ${dup.join(", ")}`] });
  const byId = new Map(existing.map((m) => [m.id, m]));
  const out: MetricData[] = [];
  for (const m of sent) {
    const prev = typeof m.id === "number" ? byId.get(m.id) : undefined;
    if (typeof m.id === "number" && !prev)
      throw unprocessable({ metrics: [`Metric id ${m.id} does not belong to this dataset`] });
    if (m.extra) checkJson(m.extra, "metrics");
    out.push({
      id: prev?.id ?? (await nextId()),
      metric_name: m.metric_name,
      expression: m.expression,
      description: m.description ?? null,
      metric_type: m.metric_type ?? null,
      d3format: m.d3format ?? null,
      currency: m.currency ?? null,
      verbose_name: m.verbose_name ?? null,
      warning_text: m.warning_text ?? null,
      uuid: m.uuid ?? prev?.uuid ?? randomUUID(),
      extra: m.extra ?? null,
    });
  }
  return out;
}

export function checkJson(text: string, field: string): void {
  try {
    JSON.parse(text);
  } catch {
    throw unprocessable({ [field]: ["Field cannot be decoded by JSON"] });
  }
}
