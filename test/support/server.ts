import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { createApp, type App } from "../../functions/src/app.ts";
import { startLocalRuntime, type LocalRuntime } from "../../functions/src/runtime/local-runtime.ts";
import {
  type ChartDataLimits,
  DEFAULT_CHART_DATA_LIMITS,
  type ReportRenderer,
  type ReportSettings,
  type RetentionSettings,
  type SqlLabLimits,
} from "@strata/core";

export const ADMIN = { username: "admin", password: "admin-test-password" };

export interface TestServer {
  app: App;
  runtime: LocalRuntime;
  /** The temporary DATA_DIR (removed on close). */
  dataDir: string;
  /** Calls the app in-process as the given bearer token (or anonymously). */
  call(
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> },
  ): Promise<Response>;
  login(username: string, password: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * The real app over the real stand-ins (DynamoDB, S3, SQS through the AWS SDK) and a real
 * DuckDB, in a fresh temporary data directory.
 */
export async function startTestServer(
  opts: {
    examples?: boolean | string[];
    globalAsyncQueries?: boolean;
    sqlLab?: SqlLabLimits;
    chartData?: Partial<ChartDataLimits>;
    reports?: ReportSettings;
    retention?: RetentionSettings;
    /** Replaces the runtime's own report renderer (a Chromium found as `npm start` finds it). */
    reportRenderer?: ReportRenderer;
  } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "strata-test-"));
  const runtime = await startLocalRuntime({
    dataDir,
    ephemeral: true,
    adminUsername: ADMIN.username,
    adminPassword: ADMIN.password,
    examples: opts.examples ?? ["birth_names", "energy_usage"],
    secret: randomBytes(32).toString("hex"),
    globalAsyncQueries: opts.globalAsyncQueries,
    sqlLab: opts.sqlLab,
    chartData: opts.chartData ? { ...DEFAULT_CHART_DATA_LIMITS, ...opts.chartData } : undefined,
    reports: opts.reports,
    retention: opts.retention,
    reportRenderer: opts.reportRenderer,
    log: () => {},
  });
  const app = createApp(runtime.core);
  const call: TestServer["call"] = (method, path, o = {}) => {
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    let body: string | undefined = o.raw;
    if (o.body !== undefined) {
      body = JSON.stringify(o.body);
      headers["content-type"] = "application/json";
    }
    return Promise.resolve(app.request(path, { method, headers, body }));
  };
  return {
    app,
    runtime,
    dataDir,
    call,
    async login(username, password) {
      const res = await call("POST", "/api/v1/security/login", {
        body: { username, password, provider: "db", refresh: true },
      });
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { access_token: string }).access_token;
    },
    async close() {
      await runtime.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Creates a user with the named built-in roles and returns its API token. */
export async function userWithRoles(
  s: TestServer,
  adminToken: string,
  username: string,
  roleNames: string[],
): Promise<string> {
  const roles = (await (
    await s.call("GET", "/api/v1/security/roles/?q=(page_size:100)", { token: adminToken })
  ).json()) as {
    result: { id: number; name: string }[];
  };
  const ids = roles.result.filter((r) => roleNames.includes(r.name)).map((r) => r.id);
  const password = `${username}-password-123`;
  const res = await s.call("POST", "/api/v1/security/users/", {
    token: adminToken,
    body: {
      username,
      first_name: username,
      last_name: "Tester",
      email: `${username}@example.com`,
      password,
      roles: ids,
    },
  });
  if (res.status !== 201) throw new Error(`user create failed: ${res.status} ${await res.text()}`);
  return s.login(username, password);
}
