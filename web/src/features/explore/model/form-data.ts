import type { ChartDataset, FormData } from "../../../components/charts";
import { DEFAULT_VIZ_TYPE } from "../../../components/charts";
import { modernFormData } from "../../../components/charts/legacy-viz";
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

/** Keys that describe the session, not the chart: never compared, never saved as params. */
export const TRANSIENT_KEYS = ["url_params", "standalone", "force", "form_data_key", "extra_form_data"];

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

/** Carries values across visualisations whose controls have other names (metric ↔ metrics…). */
function carryOver(fd: FormData, panel: ControlPanel): FormData {
  const names = new Set(controlsOf(panel).map((c) => c.name));
  const out: FormData = { ...fd };
  const metrics = Array.isArray(fd.metrics) ? fd.metrics : [];
  if (names.has("metric") && isEmpty(fd.metric) && metrics.length) out.metric = metrics[0];
  if (names.has("metrics") && isEmpty(fd.metrics) && !isEmpty(fd.metric)) out.metrics = [fd.metric!];
  const groupby = Array.isArray(fd.groupby) ? fd.groupby : [];
  for (const key of ["columns", "groupbyRows"])
    if (names.has(key) && isEmpty(fd[key]) && groupby.length) out[key] = groupby;
  if (names.has("groupby") && isEmpty(fd.groupby)) {
    const from = [fd.columns, fd.groupbyRows].find((v) => Array.isArray(v) && v.length);
    if (from) out.groupby = from as FormData["groupby"];
  }
  return out;
}

export function switchVizType(fd: FormData, vizType: string, dataset: ChartDataset): FormData {
  const panel = controlPanelOf(vizType);
  return applyControls(carryOver({ ...fd, viz_type: vizType }, panel), panel, dataset);
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
