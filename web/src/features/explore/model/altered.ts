import type { AdhocFilter, QueryColumn, QueryMetric } from "@strata/contracts";
import { columnLabel, type FormData, metricLabel } from "../../../components/charts";
import { TRANSIENT_KEYS } from "./form-data";

export interface ControlDiff {
  key: string;
  before: unknown;
  after: unknown;
}

/** Keys never reported as changes: the session, the chart id, filters the server adds. */
const IGNORED = new Set([...TRANSIENT_KEYS, "slice_id", "filters", "having", "where", "dashboards"]);

/** Empty-ish values compare equal: undefined, null, '', [] and {} (Superset's isEqualish). */
function normalise(value: unknown): unknown {
  if (value === undefined || value === null || value === "") return null;
  if (Array.isArray(value)) return value.length ? value.map(normalise) : null;
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => [k, normalise(v)] as const)
      .filter(([, v]) => v !== null)
      .sort(([a], [b]) => a.localeCompare(b));
    return entries.length ? Object.fromEntries(entries) : null;
  }
  return value;
}

export function isEqualish(a: unknown, b: unknown): boolean {
  return JSON.stringify(normalise(a)) === JSON.stringify(normalise(b));
}

/** Controls whose value differs between the saved chart and the current form (001 §2 chart changes). */
export function diffFormData(before: Partial<FormData>, after: Partial<FormData>): ControlDiff[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const out: ControlDiff[] = [];
  for (const key of keys) {
    if (IGNORED.has(key)) continue;
    const a = (before as Record<string, unknown>)[key];
    const b = (after as Record<string, unknown>)[key];
    if (!a && !b) continue;
    if (!isEqualish(a, b)) out.push({ key, before: a, after: b });
  }
  return out.sort((x, y) => x.key.localeCompare(y.key));
}

function filterText(f: AdhocFilter): string {
  if (f.expressionType === "SQL") return `${f.clause ?? "WHERE"} ${f.sqlExpression}`;
  const value = Array.isArray(f.comparator) ? `(${f.comparator.join(", ")})` : (f.comparator ?? "");
  return `${columnLabel(f.subject)} ${f.operatorId ?? f.operator} ${value}`.trim();
}

function itemText(item: unknown): string {
  if (item && typeof item === "object" && "expressionType" in item) {
    const e = item as { expressionType: string; clause?: string; subject?: unknown };
    if ("subject" in e || ("clause" in e && !("aggregate" in e))) return filterText(item as AdhocFilter);
    return metricLabel(item as QueryMetric);
  }
  if (item && typeof item === "object" && "sqlExpression" in item) return columnLabel(item as QueryColumn);
  return typeof item === "object" ? JSON.stringify(item) : String(item);
}

/** A control value as the chart changes table shows it. */
export function formatDiffValue(value: unknown): string {
  if (value === undefined) return "N/A";
  if (value === null) return "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (Array.isArray(value)) return value.length ? value.map(itemText).join(", ") : "[]";
  if (typeof value === "object") return itemText(value);
  return String(value);
}
