import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../functions/src/app.ts";
import { startLocalRuntime } from "../functions/src/runtime/local-runtime.ts";

const dataDir = mkdtempSync(join(tmpdir(), "strata-count-"));
const runtime = await startLocalRuntime({ dataDir, ephemeral: true, adminUsername: "admin", adminPassword: "bench-password",
  examples: ["birth_names"], secret: randomBytes(32).toString("hex"), log: () => {} });
const app = createApp(runtime.core);
const login = await app.request("/api/v1/security/login", { method: "POST", headers: { "content-type": "application/json" },
  body: JSON.stringify({ username: "admin", password: "bench-password" }) });
const { access_token } = (await login.json()) as { access_token: string };
const auth = { authorization: `Bearer ${access_token}` };
const core = runtime.core;
const meta = core.deps.meta as any;
const doc = meta.doc ?? meta.inner?.doc;
const log: string[] = [];
const orig = doc.send.bind(doc);
doc.send = (cmd: any, ...rest: any[]) => {
  const i = cmd.input;
  log.push(`${cmd.constructor.name} ${JSON.stringify(i.Key ?? i.ExpressionAttributeValues ?? i.Item?.pk)}`);
  return orig(cmd, ...rest);
};
async function measure(name: string, fn: () => Promise<unknown>) {
  await fn();
  log.length = 0;
  const t = performance.now();
  await fn();
  console.log(`== ${name}: ${log.length} store calls, ${(performance.now() - t).toFixed(1)} ms`);
  const counts = new Map<string, number>();
  for (const l of log) counts.set(l, (counts.get(l) ?? 0) + 1);
  for (const [k, v] of counts) console.log(`  ${v}x ${k}`);
}
const birth = (await core.datasets.all()).find((d) => d.table_name === "birth_names")!;
await measure("dataset list", async () => (await app.request("/api/v1/dataset/?q=(page:0,page_size:25)", { headers: auth })).arrayBuffer());
const req = { datasource: { id: birth.id, type: "table" }, queries: [{ columns: ["gender"], metrics: ["count"], row_limit: 100 }], result_format: "json", result_type: "full" };
await measure("chart data force", async () => { const r = await app.request("/api/v1/chart/data?force=true", { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: JSON.stringify(req) }); if (r.status !== 200) console.log(r.status, await r.text()); else await r.arrayBuffer(); });
await measure("chart data cached", async () => { const r = await app.request("/api/v1/chart/data", { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: JSON.stringify(req) }); await r.arrayBuffer(); });
const db = (await core.databases.find(birth.database_id))!;
await measure("sqllab small", async () => { const r = await app.request("/api/v1/sqllab/execute/", { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: JSON.stringify({ database_id: db.id, sql: "SELECT 42 AS answer", queryLimit: 1000 }) }); if (r.status !== 200) console.log(r.status, await r.text()); else await r.arrayBuffer(); });
await runtime.close();
process.exit(0);
