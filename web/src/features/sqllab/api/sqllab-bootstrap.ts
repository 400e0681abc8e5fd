import type { SqlLabBootstrap, SqlLabConf, TabStateDetail } from "@strata/contracts";
import { apiGet } from "../../../lib/api-client";
import { useLoadOnce } from "../../../lib/use-load-once";
import { fetchTabState } from "./tab-state";

/** GET /api/v1/sqllab/: the user's tab ids, the active tab and the editor limits. */
export const sqlLabBootstrapKey = "/api/v1/sqllab/";

export const fetchSqlLabBootstrap = () =>
  apiGet<{ result: SqlLabBootstrap }>(sqlLabBootstrapKey).then((r) => r.result);

export interface StoredTabs {
  boot: SqlLabBootstrap;
  /** Every stored tab, in order (the active one comes with the bootstrap); some may have failed. */
  tabs: PromiseSettledResult<TabStateDetail>[];
}

export async function fetchStoredTabs(): Promise<StoredTabs> {
  const boot = await fetchSqlLabBootstrap();
  const tabs = await Promise.allSettled(
    (boot.tab_state_ids ?? []).map(([id]) =>
      boot.active_tab?.id === id ? Promise.resolve(boot.active_tab) : fetchTabState(id),
    ),
  );
  return { boot, tabs };
}

/** The bootstrap and the stored tabs, loaded afresh on each visit of SQL Lab. */
export const useStoredTabs = () => useLoadOnce(sqlLabBootstrapKey, fetchStoredTabs);

const CONF_KEYS = [
  "DISPLAY_MAX_ROW",
  "SQL_MAX_ROW",
  "DEFAULT_SQLLAB_LIMIT",
  "SQLLAB_TIMEOUT",
  "SQLLAB_DEFAULT_DBID",
] as const;

/** The positive numbers of `common.conf` in a bootstrap answer; a server that sends none gives `{}`. */
export function sqlLabConfOf(boot: unknown): Partial<SqlLabConf> {
  const common = (boot as { common?: { conf?: Record<string, unknown> } } | null)?.common;
  const out: Partial<SqlLabConf> = {};
  for (const key of CONF_KEYS) {
    const value = common?.conf?.[key];
    if (typeof value === "number" && Number.isFinite(value) && value > 0) out[key] = value;
  }
  return out;
}
