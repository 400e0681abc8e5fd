import { resolve } from "node:path";
import { parseTrustedProxies } from "../http/client.ts";
import {
  type ChartDataLimits,
  chartDataLimitsFromEnv,
  type ReportSettings,
  reportSettingsFromEnv,
  type RetentionSettings,
  retentionFromEnv,
  type SqlLabLimits,
  sqlLabLimitsFromEnv,
  duckDbResourcesFromEnv,
} from "@strata/core";

/** Local configuration from environment variables, with the defaults `npm start` uses. */
export interface LocalConfig {
  port: number;
  host: string;
  dataDir: string;
  adminUsername?: string;
  adminPassword?: string;
  loadExamples: boolean;
  globalAsyncQueries: boolean;
  sqlLab: SqlLabLimits;
  chartData: ChartDataLimits;
  /** Reverse proxies whose X-Forwarded-For / X-Forwarded-Proto are believed. */
  trustedProxies: string[];
  /** Report delivery: SMTP_*, WEBDRIVER_BASEURL_USER_FRIENDLY, REPORTS_WEBHOOK_ALLOW_PRIVATE. */
  reports: ReportSettings;
  /** LOG_RETENTION_DAYS, QUERY_RETENTION_DAYS. */
  retention: RetentionSettings;
}

export function readLocalConfig(env = process.env): LocalConfig {
  // DuckDB reads DUCKDB_MEMORY_LIMIT / DUCKDB_THREADS / DUCKDB_MAX_TEMP_DIRECTORY_SIZE when it opens a
  // database; checked here too so a bad value stops the start instead of failing the first query.
  duckDbResourcesFromEnv(env);
  const port = Number(env.PORT ?? 8088);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, not "${env.PORT}".`);
  return {
    port,
    host: env.HOST ?? "127.0.0.1",
    dataDir: resolve(env.DATA_DIR ?? ".data"),
    adminUsername: env.ADMIN_USERNAME || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    loadExamples: env.LOAD_EXAMPLES !== "false",
    globalAsyncQueries: env.GLOBAL_ASYNC_QUERIES === "true",
    sqlLab: sqlLabLimitsFromEnv(env),
    chartData: chartDataLimitsFromEnv(env),
    trustedProxies: parseTrustedProxies(env.TRUSTED_PROXIES),
    reports: reportSettingsFromEnv(env),
    retention: retentionFromEnv(env),
  };
}
