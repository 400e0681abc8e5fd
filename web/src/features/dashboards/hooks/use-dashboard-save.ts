import { useRef, useState } from "react";
import { isApiError } from "../../../lib/api-error";
import { t } from "../../../lib/i18n";
import { toast } from "../../../lib/toast";
import { fetchDashboard } from "../api/dashboard";
import { saveDashboard } from "../api/save-dashboard";
import { withComputedScopes } from "../model/filter-scope";
import { nativeFiltersOf } from "../model/hydrate";
import { chartIdsUnder } from "../model/layout-tree";
import { ROOT_ID } from "../model/layout-types";
import {
  buildSavePayload,
  metadataToSave,
  type OverwriteItem,
  overwriteDiff,
  type SavePayload,
} from "../model/save-rules";
import type { DashboardContextValue } from "../state/dashboard-context";

/**
 * Save (overwrite) of the edited dashboard: css / filter-scope differences with the stored one
 * need confirmation first; a stale read answers 409 and the edits stay.
 */
export function useDashboardSave(ctx: DashboardContextValue, memberIds: Set<number>) {
  const [confirm, setConfirm] = useState<{ items: OverwriteItem[]; payload: SavePayload } | null>(null);
  /** Why the last save failed (shown on the page until dismissed; the edits stay). */
  const [error, setError] = useState<string | null>(null);
  const members = useRef(memberIds);
  const { state, dispatch } = ctx;

  const write = async (payload: SavePayload) => {
    setConfirm(null);
    setError(null);
    dispatch({ type: "SAVE_STARTED" });
    try {
      // The server keeps chart membership in step with the saved layout.
      const res = await saveDashboard(state.info.id, payload);
      members.current = new Set(chartIdsUnder(state.layout.present, ROOT_ID));
      dispatch({
        type: "SAVE_SUCCEEDED",
        info: {
          lastModifiedTime: res.last_modified_time,
          title: res.result?.dashboard_title ?? payload.dashboard_title,
          slug: res.result?.slug ?? payload.slug,
          css: res.result?.css ?? payload.css,
        },
      });
      toast.success(t("This dashboard was saved successfully."));
    } catch (err) {
      dispatch({ type: "SAVE_FAILED" });
      if (isApiError(err) && err.status === 403)
        setError(t("You do not have permission to edit this %s", t("dashboard")));
      else if (isApiError(err) && err.status === 409) setError((err as Error).message);
      else
        setError(t("Sorry, there was an error saving this %s: %s", t("dashboard"), (err as Error).message));
    }
  };

  const save = async () => {
    const layout = state.layout.present;
    const metadata = metadataToSave(
      state.metadata,
      withComputedScopes(nativeFiltersOf(state.metadata), layout),
    );
    const payload = buildSavePayload(state.info, layout, metadata);
    try {
      const stored = await fetchDashboard(state.info.id);
      const items = overwriteDiff(stored, payload);
      if (items.length) {
        setConfirm({ items, payload });
        return;
      }
    } catch {
      /* the save itself reports what is wrong */
    }
    await write(payload);
  };

  return {
    save,
    error,
    clearError: () => setError(null),
    confirm,
    confirmOverwrite: () => confirm && write(confirm.payload),
    cancelOverwrite: () => setConfirm(null),
  };
}
