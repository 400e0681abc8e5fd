import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../functions/src/app.ts";
import { startLocalRuntime } from "../functions/src/runtime/local-runtime.ts";
const dataDir = mkdtempSync(join(tmpdir(), "strata-count-"));
const runtime = await startLocalRuntime({ dataDir, ephemeral: true, adminUsername: "admin", adminPassword: "bench-password",
  examples: ["birth_names", "energy_usage"], secret: randomBytes(32).toString("hex"), log: () => {} });
const app = createApp(runtime.core);
const login = await app.request("/api/v1/security/login", { method: "POST", headers: { "content-type": "application/json" },
  body: JSON.stringify({ username: "admin", password: "bench-password" }) });
const { access_token } = (await login.json()) as { access_token: string };
const auth = { authorization: `Bearer ${access_token}` };
const med = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function t(name: string, fn: () => Promise<unknown>, n = 100) {
  for (let i = 0; i < 10; i++) await fn();
  const xs: number[] = [];
  for (let i = 0; i < n; i++) { const s = performance.now(); await fn(); xs.push(performance.now() - s); }
  console.log(name, med(xs).toFixed(2));
}
const meta = runtime.core.deps.meta;
await t("raw list", () => { meta.cache.clear(); return meta.list("dataset"); });
await t("cached list", () => meta.list("dataset"));
await t("api list", async () => (await app.request("/api/v1/dataset/?q=(page:0,page_size:25)", { headers: auth })).arrayBuffer());
await t("api me", async () => (await app.request("/api/v1/me/", { headers: auth })).arrayBuffer());
await t("raw list", () => { meta.cache.clear(); return meta.list("dataset"); });
await t("api list", async () => (await app.request("/api/v1/dataset/?q=(page:0,page_size:25)", { headers: auth })).arrayBuffer());
await runtime.close();
process.exit(0);
