import { positiveIntegersFromEnv } from "../env-numbers.ts";

/** SQL Lab's configurable limits (Superset's names in the comments). */
export interface SqlLabLimits {
  /** DEFAULT_SQLLAB_LIMIT: the limit selector's default. */
  defaultLimit: number;
  /** SQL_MAX_ROW: the most rows a run may produce (and store). */
  maxRows: number;
  /** DISPLAY_MAX_ROW: the most rows sent to the browser; the rest only through CSV export. */
  displayRows: number;
  /** SQLLAB_TIMEOUT: seconds a synchronous run may take. */
  syncTimeoutSec: number;
  /** SQLLAB_ASYNC_TIME_LIMIT_SEC: seconds an asynchronous run may take. */
  asyncTimeoutSec: number;
  /** SQLLAB_PAYLOAD_MAX_MB: the most rows' JSON a reply carries (under Lambda's 6 MB reply). */
  payloadMaxMb: number;
  /**
   * Strata's own: how many of the newest queries the query history list reads (every run adds
   * one, so a list request reads the newest and stops; see SqlLab.history).
   */
  historyWindow: number;
}

export const DEFAULT_SQLLAB_LIMITS: SqlLabLimits = {
  defaultLimit: 1000,
  maxRows: 1_000_000,
  displayRows: 10_000,
  syncTimeoutSec: 30,
  asyncTimeoutSec: 6 * 3600,
  payloadMaxMb: 5,
  historyWindow: 5_000,
};

const ENV: Record<keyof SqlLabLimits, string> = {
  defaultLimit: "DEFAULT_SQLLAB_LIMIT",
  maxRows: "SQL_MAX_ROW",
  displayRows: "DISPLAY_MAX_ROW",
  syncTimeoutSec: "SQLLAB_TIMEOUT",
  asyncTimeoutSec: "SQLLAB_ASYNC_TIME_LIMIT_SEC",
  payloadMaxMb: "SQLLAB_PAYLOAD_MAX_MB",
  historyWindow: "SQLLAB_HISTORY_WINDOW",
};

/** The environment variables sqlLabLimitsFromEnv reads (a deploy passes them to the functions). */
export const SQLLAB_ENV_NAMES: readonly string[] = Object.values(ENV);

/** Limits from environment variables named as in Superset; a bad value stops the start. */
export function sqlLabLimitsFromEnv(env: Record<string, string | undefined>): SqlLabLimits {
  return positiveIntegersFromEnv(DEFAULT_SQLLAB_LIMITS, ENV, env);
}

/** The bootstrap's `common.conf`, under Superset's names. */
export function sqlLabConf(l: SqlLabLimits) {
  return {
    DEFAULT_SQLLAB_LIMIT: l.defaultLimit,
    SQL_MAX_ROW: l.maxRows,
    DISPLAY_MAX_ROW: l.displayRows,
    SQLLAB_TIMEOUT: l.syncTimeoutSec,
    SQLLAB_ASYNC_TIME_LIMIT_SEC: l.asyncTimeoutSec,
  };
}
