import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEngine } from "@strata/engines";
import { createApp } from "../functions/src/app.ts";
import { startLocalRuntime } from "../functions/src/runtime/local-runtime.ts";
import { MetaCache } from "../packages/core/src/store/meta-cache.ts";
const dataDir = mkdtempSync(join(tmpdir(), "strata-sq-"));
const runtime = await startLocalRuntime({ dataDir, ephemeral: true, adminUsername: "admin", adminPassword: "bench-password",
  examples: [], secret: randomBytes(32).toString("hex"), log: () => {} });
const app = createApp(runtime.core);
const login = await app.request("/api/v1/security/login", { method: "POST", headers: { "content-type": "application/json" },
  body: JSON.stringify({ username: "admin", password: "bench-password" }) });
const { access_token } = (await login.json()) as { access_token: string };
const auth = { authorization: `Bearer ${access_token}`, "content-type": "application/json" };
const created = await app.request("/api/v1/database/", { method: "POST", headers: auth, body: JSON.stringify({ database_name: "bench", engine: "duckdb", parameters: { path: "bench.duckdb" }, expose_in_sqllab: true }) });
const dbId = ((await created.json()) as { id: number }).id;
const raw = await createEngine({ engine: "duckdb", path: ":memory:" });
const meta = runtime.core.deps.meta as any;
const real = meta.cache; const off = new MetaCache({ ttlMs: 0 });
const small = "SELECT 42 AS answer, 'x' AS label";
const r: number[] = [], on: number[] = [], no: number[] = [];
const api = async () => { const res = await app.request("/api/v1/sqllab/execute/", { method: "POST", headers: auth, body: JSON.stringify({ database_id: dbId, sql: small, queryLimit: 1000 }) }); if (res.status !== 200) throw new Error(await res.text()); await res.text(); };
for (let i = 0; i < 105; i++) {
  let t = performance.now(); await raw.execute(small, { limit: 1000 }); const a = performance.now() - t;
  meta.cache = real; t = performance.now(); await api(); const b = performance.now() - t;
  meta.cache = off; t = performance.now(); await api(); const c = performance.now() - t;
  if (i >= 5) { r.push(a); on.push(b); no.push(c); }
}
const med = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)];
console.log(`sqllab small in-process: raw ${med(r).toFixed(2)} cached ${med(on).toFixed(2)} (x${(med(on)/med(r)).toFixed(2)}) uncached ${med(no).toFixed(2)} (x${(med(no)/med(r)).toFixed(2)})`);
await runtime.close(); process.exit(0);
