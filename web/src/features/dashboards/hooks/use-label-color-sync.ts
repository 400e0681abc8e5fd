import { useEffect } from "react";
import { DEFAULT_COLOR_SCHEME } from "../../../components/charts/colors";
import { labelColorScale } from "../../../components/charts/label-colors";
import { saveColors } from "../api/save-colors";
import { dashboardColorNamespace } from "../model/label-colors";

/** Superset syncs colours half a second after the last change (001 §9). */
const SYNC_DEBOUNCE_MS = 500;

const sameColors = (a: Record<string, string>, b: Record<string, string> | undefined) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b ?? {}).length && keys.every((k) => b?.[k] === a[k]);
};

/**
 * Keeps the colours the dashboard's charts gave their labels in its `map_label_colors`
 * (`PUT /api/v1/dashboard/{id}/colors?mark_updated=false`), so they survive a reload and a
 * filter that hides some series. Only editors write; a failed sync changes nothing visible.
 */
export function useLabelColorSync(
  dashboardId: number,
  scheme: string | undefined,
  saved: Record<string, string> | undefined,
  canEdit: boolean,
) {
  useEffect(() => {
    if (!canEdit) return;
    const scale = labelColorScale(dashboardColorNamespace(dashboardId), scheme || DEFAULT_COLOR_SCHEME);
    let last = saved ?? {};
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = scale.subscribe(() => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const next = scale.snapshot();
        if (sameColors(next, last)) return;
        last = next;
        saveColors(dashboardId, { map_label_colors: next }).catch(() => {});
      }, SYNC_DEBOUNCE_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [dashboardId, scheme, saved, canEdit]);
}
