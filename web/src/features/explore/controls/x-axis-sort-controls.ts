import type { QueryColumn, QueryMetric } from "@strata/contracts";
import { columnLabel, ensureArray, isTemporalColumn, metricLabel } from "../../../components/charts";
import { t } from "../../../lib/i18n";
import type { Choice, ControlConfig, ControlContext } from "../model/control-types";
import { checkboxControl, selectControl } from "./control-factory";

/**
 * Superset's x-axis sort controls of the timeseries family, under the same form-data keys so
 * imported charts keep their order: `x_axis_sort` / `x_axis_sort_asc` for one series (a sort step
 * after the pivot), `x_axis_sort_series` / `x_axis_sort_series_ascending` for several (applied when
 * drawing). Only for an x-axis that is not temporal.
 */

type Fd = ControlContext["formData"];

const categoricalX = (fd: Fd, ctx: ControlContext) => {
  const x = fd.x_axis as QueryColumn | undefined;
  if (!x) return false;
  if (typeof x !== "string") return true;
  return !isTemporalColumn(ctx.dataset.columns.find((c) => c.column_name === x));
};
const seriesCount = (fd: Fd) => ({
  groupby: ensureArray(fd.groupby as unknown[]).length,
  metrics: ensureArray(fd.metrics as unknown[]).length,
});

/** One series: no dimensions and one metric (Superset's xAxisSortVisibility). */
const oneSeries = (fd: Fd, ctx: ControlContext) => {
  const n = seriesCount(fd);
  return categoricalX(fd, ctx) && n.groupby === 0 && n.metrics === 1;
};
/** Several series: dimensions or more than one metric (Superset's xAxisMultiSortVisibility). */
const severalSeries = (fd: Fd, ctx: ControlContext) => {
  const n = seriesCount(fd);
  return categoricalX(fd, ctx) && (n.groupby > 0 || n.metrics > 1);
};

const verbose = (ctx: ControlContext, name: string) =>
  ctx.dataset.columns.find((c) => c.column_name === name)?.verbose_name ||
  ctx.dataset.metrics.find((m) => m.metric_name === name)?.verbose_name ||
  name;

/** The x-axis label, then the metrics' labels and the "Sort by" metric's, each once. */
function sortChoices(ctx: ControlContext): Choice[] {
  const fd = ctx.formData;
  const x = fd.x_axis as QueryColumn | undefined;
  const metrics = [
    ...ensureArray(fd.metrics as QueryMetric[]),
    ...ensureArray(fd.timeseries_limit_metric as QueryMetric | undefined),
  ];
  const labels = [...new Set([...(x ? [columnLabel(x)] : []), ...metrics.map(metricLabel)])];
  return labels.map((label) => [label, verbose(ctx, label)]);
}

const sortByLabel = t("X-Axis Sort By");

/** The ascending switch of either sort; only the single-series one changes the query. */
const sortAscending = (name: string, extra: Partial<ControlConfig>): ControlConfig =>
  checkboxControl(name, t("X-Axis Sort Ascending"), true, {
    description: t("Whether to sort ascending or descending on the base Axis."),
    ...extra,
  });

export const xAxisSort = selectControl("x_axis_sort", sortByLabel, undefined, sortChoices, {
  description: t(
    "Decides which column to sort the base axis by. Left empty, the bars keep the query's order: by the Sort by metric (or the metric), as Sort descending says.",
  ),
  clearable: true,
  placeholder: t("Query order"),
  visibility: oneSeries,
  renderTrigger: false,
});

export const xAxisSortAsc = sortAscending("x_axis_sort_asc", {
  visibility: (fd, ctx) => fd.x_axis_sort != null && fd.x_axis_sort !== "" && oneSeries(fd, ctx),
  renderTrigger: false,
});

export const xAxisSortSeries = selectControl(
  "x_axis_sort_series",
  sortByLabel,
  "name",
  [
    ["name", t("Category name")],
    ["sum", t("Total value")],
    ["min", t("Minimum value")],
    ["max", t("Maximum value")],
    ["avg", t("Average value")],
  ],
  { description: t("Decides which measure to sort the base axis by."), visibility: severalSeries },
);

export const xAxisSortSeriesAscending = sortAscending("x_axis_sort_series_ascending", {
  visibility: (fd, ctx) => fd.x_axis_sort_series != null && severalSeries(fd, ctx),
});

/** The four controls in the order the timeseries query section shows them. */
export const xAxisSortRows = [[xAxisSort], [xAxisSortAsc], [xAxisSortSeries], [xAxisSortSeriesAscending]];
