import type { SqlLabConf, TabStateDetail } from "@strata/contracts";
import { type Dispatch, type RefObject, useEffect, useState } from "react";
import { isApiError } from "../../lib/api-error";
import { t } from "../../lib/i18n";
import { toast } from "../../lib/toast";
import { sqlLabConfOf, useStoredTabs } from "./api/sqllab-bootstrap";
import {
  DEFAULT_QUERY_LIMIT,
  initialSqlLabState,
  localPlaceholder,
  makeEditor,
  NEW_TAB_SQL,
  type SqlLabAction,
  type SqlLabState,
} from "./model/editor-state";
import { loadLocal } from "./model/local-store";
import { queryStopped } from "./model/query-transitions";
import { stateFromTabStates } from "./model/restore-tabs";
import { isRunning, type QueryRun } from "./model/types";

/** The stored tabs that could be read; the others are reported, except those gone meanwhile (404). */
function readableTabs(tabs: PromiseSettledResult<TabStateDetail>[]): TabStateDetail[] {
  const out: TabStateDetail[] = [];
  for (const r of tabs) {
    if (r.status === "fulfilled") out.push(r.value);
    else if (!(isApiError(r.reason) && r.reason.status === 404))
      toast.danger(t("An error occurred while fetching tab state"));
  }
  return out;
}

/**
 * The tabs a visit starts with: the server's stored tabs, else those kept in localStorage (the
 * server did not answer), else one new tab. Restored runs that were still going are marked
 * stopped; finished ones fetch their results again.
 */
export function useRestoredTabs(
  dispatch: Dispatch<SqlLabAction>,
  backendOn: RefObject<boolean>,
  loadResults: (q: QueryRun) => Promise<void>,
) {
  const stored = useStoredTabs();
  const [loaded, setLoaded] = useState(false);
  const [conf, setConf] = useState<Partial<SqlLabConf>>({});

  useEffect(() => {
    if (loaded || (!stored.data && !stored.error)) return;
    let next: SqlLabState | null = null;
    let bootConf: Partial<SqlLabConf> = {};
    if (stored.data) {
      const { boot, tabs } = stored.data;
      bootConf = sqlLabConfOf(boot);
      next = stateFromTabStates(readableTabs(tabs), boot.active_tab?.id);
    } else {
      backendOn.current = false;
    }
    next ??= loadLocal();
    if (!next) {
      const editor = makeEditor([], {
        sql: backendOn.current ? NEW_TAB_SQL : localPlaceholder(),
        queryLimit: bootConf.DEFAULT_SQLLAB_LIMIT ?? DEFAULT_QUERY_LIMIT,
      });
      next = { ...initialSqlLabState, editors: [editor], tabHistory: [editor.id] };
    }
    setConf(bootConf);
    dispatch({ type: "restore", state: next });
    setLoaded(true);
    for (const ed of next.editors) {
      const q = ed.latestQueryId ? next.queries[ed.latestQueryId] : undefined;
      if (q?.state === "success" && q.resultsKey) void loadResults(q);
      else if (q && isRunning(q.state)) dispatch({ type: "updateQuery", id: q.id, update: queryStopped });
    }
  }, [stored.data, stored.error, loaded, dispatch, backendOn, loadResults]);

  return { loaded, conf };
}
