import type { QueryColumn, QueryMetric } from "@strata/contracts";
import type { ChartDataset, FormData } from "../../../components/charts";
import { DEFAULT_VIZ_TYPE, isTemporalColumn } from "../../../components/charts";
import { modernFormData } from "@strata/contracts/chart-query";
import { controlPanelOf } from "../controls/panels";
import {
  type ControlConfig,
  type ControlContext,
  type ControlPanel,
  choicesOf,
  controlsOf,
  defaultOf,
} from "./control-types";
import { dropMissingChoices } from "./select-values";

const isEmpty = (v: unknown) =>
  v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0);

/**
 * A time X-axis set aside by a switch to a chart without an X-axis (a pie, a table…), for the
 * switch back to one (Superset restores it from the form data it memorises per visualisation).
 */
const SET_ASIDE_X_AXIS = "set_aside_x_axis";

/** Keys that describe the session, not the chart: never compared, never saved as params. */
export const TRANSIENT_KEYS = [
  "url_params",
  "standalone",
  "force",
  "form_data_key",
  "extra_form_data",
  SET_ASIDE_X_AXIS,
];

/**
 * Every control of the panel gets its default when unset, and selects with fixed choices drop
 * values that are no longer among the choices (000 §5). Free-form selects keep their values.
 */
export function applyControls(fd: FormData, panel: ControlPanel, dataset: ChartDataset): FormData {
  const out: FormData = { ...fd };
  const ctx: ControlContext = { dataset, formData: out };
  for (const control of controlsOf(panel)) {
    if (out[control.name] === undefined) {
      const value = defaultOf(control, ctx);
      if (value !== undefined) out[control.name] = value;
    }
    if (control.type === "SelectControl" && control.choices && !control.freeForm) {
      const choices = choicesOf(control, ctx);
      const kept = dropMissingChoices(out[control.name], choices, { multi: control.multi });
      if (kept === undefined) {
        const fallback = defaultOf(control, ctx);
        if (fallback !== undefined && choices.some(([v]) => v === fallback)) out[control.name] = fallback;
        else delete out[control.name];
      } else {
        out[control.name] = kept;
      }
    }
  }
  return out;
}

/**
 * Fills empty controls from values stored under another name (metric ↔ metrics, groupby ↔
 * columns): a form saved by another visualisation, or a switch whose source chart had no such
 * controls (`skip` names what the switch already settled).
 */
function carryOver(
  fd: FormData,
  panel: ControlPanel,
  skip: { metrics?: boolean; columns?: boolean } = {},
): FormData {
  const names = new Set(controlsOf(panel).map((c) => c.name));
  const out: FormData = { ...fd };
  if (!skip.metrics) {
    const metrics = Array.isArray(fd.metrics) ? fd.metrics : [];
    if (names.has("metric") && isEmpty(fd.metric) && metrics.length) out.metric = metrics[0];
    if (names.has("metrics") && isEmpty(fd.metrics) && !isEmpty(fd.metric)) out.metrics = [fd.metric!];
  }
  if (!skip.columns) {
    const groupby = Array.isArray(fd.groupby) ? fd.groupby : [];
    for (const key of ["columns", "groupbyRows"])
      if (names.has(key) && isEmpty(fd[key]) && groupby.length) out[key] = groupby;
    if (names.has("groupby") && isEmpty(fd.groupby)) {
      const from = [fd.columns, fd.groupbyRows].find((v) => Array.isArray(v) && v.length);
      if (from) out.groupby = from as FormData["groupby"];
    }
  }
  return out;
}

/**
 * Superset's "standardized" controls: what a chart measures and what it splits by, whatever the
 * visualisation calls them. A categorical X-axis counts as the first split, so a bar chart of
 * states becomes a pie (or table, treemap…) of states, and back, instead of one total. A time
 * X-axis goes onto another chart's X-axis only, as in Superset (whose X-axis is no standardized
 * column): a line over time becomes a pie of its series (or one total), not a slice per day.
 */
const METRIC_KEYS = ["metric", "metrics", "metric_2"] as const;
const COLUMN_KEYS = ["x_axis", "groupby", "columns", "groupbyRows", "groupbyColumns"] as const;
/** A trendline needs time on its X-axis: a category carried there would draw nothing useful. */
const TEMPORAL_X_AXIS = new Set(["big_number"]);

type Item = QueryMetric | QueryColumn;

const asList = (v: unknown): Item[] =>
  (Array.isArray(v) ? v : v === undefined || v === null || v === "" ? [] : [v]) as Item[];

const itemKey = (item: unknown) => (typeof item === "string" ? item : JSON.stringify(item));

/** Values in order, each once (adhoc metrics and columns compared by content). */
function uniqueItems(items: Item[]): Item[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = itemKey(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The switch from the chart's current type to another (Superset's StandardizedFormData.transform):
 * the metrics and the columns of the visualisation being left take the place of the target's
 * metric-like and column-like controls, a categorical X-axis first. A source without such
 * controls (a KPI has no columns) leaves the target's own values alone, as Superset keeps its
 * previous state then. A target without an X-axis drops the key (Superset keeps only the target's
 * controls), setting a time X-axis aside for the way back. Everything else (filters, time range,
 * row limit…) stays in the form as before.
 */
function standardize(
  fd: FormData,
  source: ControlPanel,
  target: ControlPanel,
  dataset: ChartDataset,
): FormData {
  const from = new Map(controlsOf(source).map((c) => [c.name, c]));
  const to = controlsOf(target).filter(
    (c) =>
      (METRIC_KEYS as readonly string[]).includes(c.name) ||
      (COLUMN_KEYS as readonly string[]).includes(c.name),
  );
  const out: FormData = { ...fd };

  const metricKeys = METRIC_KEYS.filter((k) => from.has(k));
  if (metricKeys.length) {
    const metrics = uniqueItems(metricKeys.flatMap((k) => asList(fd[k])));
    // Back from a one-metric chart, the other metrics of the last multi-metric one come back
    // after the chosen metric (Superset's big number keeps them the same way).
    const rest = metricKeys.includes("metrics") ? [] : asList(fd.metrics).slice(1);
    const all = uniqueItems([...metrics, ...rest]);
    for (const control of to) {
      if (control.type !== "MetricsControl") continue;
      if (control.multi) out[control.name] = all;
      else if (metrics.length) out[control.name] = metrics[0];
    }
  }

  const isTime = (col: unknown) =>
    typeof col === "string" && isTemporalColumn(dataset.columns.find((c) => c.column_name === col));
  const targetHasXAxis = to.some((c) => c.name === "x_axis");
  // Leaving a time X-axis for a chart without one: set aside, not made a dimension.
  const asideXAxis = from.has("x_axis") && !targetHasXAxis && isTime(fd.x_axis) ? fd.x_axis : undefined;
  // Set aside earlier, it is the X-axis again of the next chart with one (line → pie → line).
  const backXAxis =
    !from.has("x_axis") && targetHasXAxis && isTime(fd[SET_ASIDE_X_AXIS]) ? fd[SET_ASIDE_X_AXIS] : undefined;
  delete out[SET_ASIDE_X_AXIS];
  if (!targetHasXAxis) {
    delete out.x_axis;
    const aside = asideXAxis ?? fd[SET_ASIDE_X_AXIS];
    if (aside !== undefined) out[SET_ASIDE_X_AXIS] = aside;
  }
  if (backXAxis !== undefined) out.x_axis = backXAxis as FormData["x_axis"];

  const columnKeys = COLUMN_KEYS.filter((k) => from.has(k));
  if (columnKeys.length) {
    let remaining = uniqueItems(
      columnKeys.flatMap((k) => (k === "x_axis" && asideXAxis !== undefined ? [] : asList(fd[k]))),
    ).filter((col) => backXAxis === undefined || itemKey(col) !== itemKey(backXAxis));
    // A required list (a box plot's "Distribute across") is served before an optional one, so a
    // single carried column does not leave it empty.
    const required = (c: ControlConfig) => (c.name === "x_axis" ? 0 : c.validators?.length ? 1 : 2);
    const targetColumns = COLUMN_KEYS.map((k) => to.find((c) => c.name === k))
      .filter((c) => !!c)
      .sort((a, b) => required(a) - required(b));
    for (const control of targetColumns) {
      if (control.name === "x_axis" && backXAxis !== undefined) continue;
      if (control.name === "x_axis" && TEMPORAL_X_AXIS.has(String(fd.viz_type))) {
        const temporal = remaining.find(isTime);
        if (temporal !== undefined) {
          out.x_axis = temporal;
          remaining = remaining.filter((col) => col !== temporal);
        } else if (!isTime(out.x_axis)) delete out.x_axis; // the default: the main time column
        continue;
      }
      if (control.multi) {
        out[control.name] = remaining;
        remaining = [];
      } else if (remaining.length) {
        out[control.name] = remaining[0];
        remaining = remaining.slice(1);
      }
    }
  }
  return out;
}

export function switchVizType(fd: FormData, vizType: string, dataset: ChartDataset): FormData {
  const panel = controlPanelOf(vizType);
  const source = controlPanelOf(fd.viz_type);
  const standardized = standardize({ ...fd, viz_type: vizType }, source, panel, dataset);
  const names = new Set(controlsOf(source).map((c) => c.name));
  const skip = {
    metrics: METRIC_KEYS.some((k) => names.has(k)),
    columns: COLUMN_KEYS.some((k) => names.has(k)),
  };
  return applyControls(carryOver(standardized, panel, skip), panel, dataset);
}

/** Form data for the page: the server's (saved chart, key or dataset defaults) with controls applied. */
export function initialFormData(
  dataset: ChartDataset,
  server: Partial<FormData>,
  overrides: { vizType?: string | null; sliceId?: number | null } = {},
): FormData {
  const vizType = overrides.vizType || server.viz_type || DEFAULT_VIZ_TYPE;
  // A legacy key opens as the modern type Superset migrates it to (its controls, its form data).
  const fd: FormData = modernFormData({
    ...server,
    datasource: `${dataset.id}__table`,
    viz_type: vizType,
    ...(overrides.sliceId ? { slice_id: overrides.sliceId } : {}),
  });
  for (const key of TRANSIENT_KEYS) delete fd[key];
  const panel = controlPanelOf(fd.viz_type);
  return applyControls(carryOver(fd, panel), panel, dataset);
}

export function isVisible(control: ControlConfig, ctx: ControlContext): boolean {
  return control.visibility ? control.visibility(ctx.formData, ctx) : true;
}

/** Messages per control name for the visible controls that fail their validators. */
export function validateForm(fd: FormData, dataset: ChartDataset): Record<string, string[]> {
  const panel = controlPanelOf(fd.viz_type);
  const ctx: ControlContext = { dataset, formData: fd };
  const errors: Record<string, string[]> = {};
  for (const control of controlsOf(panel)) {
    if (!isVisible(control, ctx)) continue;
    const messages = (control.validators ?? [])
      .map((v) => v(fd[control.name], fd))
      .filter((m): m is string => !!m);
    if (messages.length) errors[control.name] = messages;
  }
  return errors;
}

/** Controls that only change drawing: applied without running the query again. */
export function renderTriggerKeys(vizType: string): Set<string> {
  return new Set(
    controlsOf(controlPanelOf(vizType))
      .filter((c) => c.renderTrigger)
      .map((c) => c.name),
  );
}

export function controlLabel(vizType: string, name: string): string {
  return controlsOf(controlPanelOf(vizType)).find((c) => c.name === name)?.label ?? name;
}
