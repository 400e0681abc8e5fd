import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../../functions/src/app.ts";
import { startLocalRuntime } from "../../functions/src/runtime/local-runtime.ts";
import { importForm } from "../support/import-bundles.ts";
import { buildZip } from "../support/zip-builder.ts";

/*
 * A server process killed in the middle of an import (SIGKILL: no handler, no in-process undo)
 * leaves an open import journal; the next start rolls it back, so nothing of that import stays.
 */

type Json = Record<string, any>;
const PASSWORD = "crash-test-password-1";
const dataDir = mkdtempSync(join(tmpdir(), "strata-import-crash-"));
let child: ChildProcess | undefined;
afterAll(() => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/** The server as `npm start` runs it, in its own process over `dataDir`. */
async function startChild(): Promise<string> {
  const port = await freePort();
  child = spawn(process.execPath, ["--import", "tsx", "functions/src/local.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOAD_EXAMPLES: "false",
      ADMIN_USERNAME: "admin",
      ADMIN_PASSWORD: PASSWORD,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  await expect
    .poll(
      async () => {
        if (child?.exitCode !== null) throw new Error("The server exited while starting");
        return fetch(`${url}/health`).then(
          (r) => r.ok,
          () => false,
        );
      },
      { timeout: 90_000, interval: 200 },
    )
    .toBe(true);
  return url;
}

const U = {
  db: "5b1e0c2a-7d3f-4e8a-9c6b-1a2b3c4d5e01",
  dataset: "5b1e0c2a-7d3f-4e8a-9c6b-1a2b3c4d5e02",
  kept: "5b1e0c2a-7d3f-4e8a-9c6b-1a2b3c4d5e03",
  db2: "5b1e0c2a-7d3f-4e8a-9c6b-1a2b3c4d5e04",
  dataset2: "5b1e0c2a-7d3f-4e8a-9c6b-1a2b3c4d5e05",
};
const NEW_CHARTS = 300;
const chartUuid = (i: number) => `5b1e0c2a-7d3f-4e8a-9c6b-${String(100000000000 + i)}`;

const metadata = "version: 1.0.0\ntype: Slice\ntimestamp: '2024-05-02T09:15:27+00:00'\n";
const dbYaml = (name: string, uuid: string) => `database_name: ${name}
sqlalchemy_uri: postgresql+psycopg2://analyst:XXXXXXXXXX@127.0.0.1:1/warehouse
expose_in_sqllab: true
uuid: ${uuid}
version: 1.0.0
`;
const datasetYaml = (table: string, uuid: string, db: string) => `table_name: ${table}
schema: public
sql: null
uuid: ${uuid}
database_uuid: ${db}
metrics:
- metric_name: count
  expression: COUNT(*)
columns:
- column_name: amount
  type: BIGINT
version: 1.0.0
`;
const chartYaml = (uuid: string, name: string, dataset = U.dataset) => `slice_name: ${name}
viz_type: table
params:
  viz_type: table
  query_mode: aggregate
  metrics: [count]
  groupby: []
  adhoc_filters: []
  row_limit: 10
uuid: ${uuid}
version: 1.0.0
dataset_uuid: ${dataset}
`;

function bundle(keptName: string, withNew: boolean) {
  const files: [string, string][] = [
    ["metadata.yaml", metadata],
    ["databases/Crash_DB.yaml", dbYaml("Crash DB", U.db)],
    ["datasets/Crash_DB/crash_orders.yaml", datasetYaml("crash_orders", U.dataset, U.db)],
    ["charts/kept.yaml", chartYaml(U.kept, keptName)],
  ];
  // The new charts read a new dataset on a new database, created by the same import.
  if (withNew) {
    files.push(["databases/Crash_DB_2.yaml", dbYaml("Crash DB 2", U.db2)]);
    files.push(["datasets/Crash_DB_2/crash_more.yaml", datasetYaml("crash_more", U.dataset2, U.db2)]);
    for (let i = 0; i < NEW_CHARTS; i++)
      files.push([`charts/c${i}.yaml`, chartYaml(chartUuid(i), `Crash ${i}`, U.dataset2)]);
  }
  return buildZip(files.map(([n, d]) => ({ name: `chart_export/${n}`, data: d })));
}

const form = (zip: Uint8Array<ArrayBuffer>, fields: Record<string, string>) =>
  importForm(zip, "charts.zip", fields);
const passwords = JSON.stringify({
  "databases/Crash_DB.yaml": "s3cret",
  "databases/Crash_DB_2.yaml": "s3cret",
});

describe("an import interrupted by a crash", () => {
  it("is rolled back whole at the next start: created objects gone, overwritten ones as before", async () => {
    const url = await startChild();
    const login = await fetch(`${url}/api/v1/security/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "admin", password: PASSWORD, provider: "db" }),
    });
    const token = ((await login.json()) as Json).access_token as string;
    const auth = { authorization: `Bearer ${token}` };
    const chartCount = async () =>
      ((await (await fetch(`${url}/api/v1/chart/?q=(page_size:1)`, { headers: auth })).json()) as Json)
        .count as number;

    // A first, complete import: one chart with its dataset and database.
    const first = await fetch(`${url}/api/v1/chart/import/`, {
      method: "POST",
      headers: auth,
      body: form(bundle("Original", false), { passwords }),
    });
    expect(first.status, await first.clone().text()).toBe(200);
    expect(await chartCount()).toBe(1);

    // The second overwrites that chart (first in the bundle) and adds 300; the process is killed
    // once some of them are written.
    const outcome = fetch(`${url}/api/v1/chart/import/`, {
      method: "POST",
      headers: auth,
      body: form(bundle("Changed", true), { passwords, overwrite: "true" }),
    }).then(
      (r) => `answered ${r.status}`,
      () => "connection lost",
    );
    // Chart ids come from one counter: the fifth new chart is the first one's id + 5. Reading one
    // chart is cheap, so the poll stays quick however busy the server is.
    const firstId = (
      (await (await fetch(`${url}/api/v1/chart/?q=(page_size:1)`, { headers: auth })).json()) as Json
    ).result[0].id as number;
    await expect
      .poll(async () => (await fetch(`${url}/api/v1/chart/${firstId + 5}`, { headers: auth })).status, {
        timeout: 60_000,
        interval: 10,
      })
      .toBe(200);
    child!.kill("SIGKILL");
    expect(await outcome).toBe("connection lost");
    await expect.poll(() => child!.exitCode !== null || child!.signalCode !== null).toBe(true);

    // The next start rolls the open journal back.
    const runtime = await startLocalRuntime({ dataDir, examples: false, log: () => {} });
    try {
      const app = createApp(runtime.core);
      const relogin = await app.request("/api/v1/security/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "admin", password: PASSWORD, provider: "db" }),
      });
      const h = { authorization: `Bearer ${((await relogin.json()) as Json).access_token}` };
      const get = async (path: string) => (await (await app.request(path, { headers: h })).json()) as Json;
      const charts = await get("/api/v1/chart/?q=(page_size:100)");
      expect(charts.count).toBe(1);
      expect(charts.result[0].slice_name).toBe("Original");
      expect((await get("/api/v1/dataset/")).result.map((d: Json) => d.table_name)).toEqual(["crash_orders"]);
      const dbNames = (await get("/api/v1/database/")).result.map((d: Json) => d.database_name);
      expect(dbNames).toContain("Crash DB");
      expect(dbNames).not.toContain("Crash DB 2");
      expect(await runtime.core.deps.meta.members("import-journals")).toEqual([]);

      // Nothing of it holds a name or blocks the next import: the same bundle now imports whole.
      const again = await app.request("/api/v1/chart/import/", {
        method: "POST",
        headers: h,
        body: form(bundle("Changed", true), { passwords, overwrite: "true" }),
      });
      expect(again.status, await again.clone().text()).toBe(200);
      const after = await get("/api/v1/chart/?q=(page_size:1)");
      expect(after.count).toBe(NEW_CHARTS + 1);
      expect((await get("/api/v1/dataset/")).count).toBe(2);
    } finally {
      await runtime.close();
    }
  }, 240_000);
});
