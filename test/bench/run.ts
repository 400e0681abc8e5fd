import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEngine } from "@strata/engines";
import { createApp } from "../../functions/src/app.ts";
import { startLocalRuntime } from "../../functions/src/runtime/local-runtime.ts";
import { recordResults } from "./results.ts";

/**
 * `npm run bench`: API time against the raw store/engine time for the same work, measured side
 * by side in one run and reported as ratios (never asserted in tests).
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);

async function time(fn: () => Promise<unknown>, rounds = ROUNDS): Promise<number[]> {
  for (let i = 0; i < 10; i++) await fn(); // warm-up
  const out: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out.sort((a, b) => a - b);
}
/** Raw and API runs interleaved round by round, so both see the same machine conditions. */
async function timePair(raw: () => Promise<unknown>, api: () => Promise<unknown>, rounds = ROUNDS) {
  for (let i = 0; i < 3; i++) {
    await raw();
    await api();
  }
  const r: number[] = [];
  const a: number[] = [];
  for (let i = 0; i < rounds; i++) {
    let t = performance.now();
    await raw();
    r.push(performance.now() - t);
    t = performance.now();
    await api();
    a.push(performance.now() - t);
  }
  return { raw: r.sort((x, y) => x - y), api: a.sort((x, y) => x - y) };
}
const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), "strata-bench-"));
  const runtime = await startLocalRuntime({
    dataDir,
    ephemeral: true,
    adminUsername: "admin",
    adminPassword: "bench-password",
    examples: ["birth_names", "energy_usage"],
    secret: randomBytes(32).toString("hex"),
    log: () => {},
  });
  const app = createApp(runtime.core);
  const login = await app.request("/api/v1/security/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: "bench-password" }),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const auth = { authorization: `Bearer ${access_token}` };
  const core = runtime.core;
  const rows: { name: string; raw: number[]; api: number[] }[] = [];

  // 1. Metadata list: the raw DynamoDB query of all datasets vs the list endpoint.
  rows.push({
    name: "dataset list (DynamoDB query vs GET /api/v1/dataset/)",
    // The store's own read: its in-process metadata cache is emptied first.
    raw: await time(() => {
      core.deps.meta.cache.clear();
      return core.deps.meta.list("dataset");
    }),
    api: await time(async () => {
      const res = await app.request("/api/v1/dataset/?q=(page:0,page_size:25)", { headers: auth });
      await res.arrayBuffer();
    }),
  });

  // 2. A simple engine query: raw DuckDB vs the samples endpoint running the same statements.
  const birth = (await core.datasets.all()).find((d) => d.table_name === "birth_names")!;
  const db = (await core.databases.find(birth.database_id))!;
  const engine = await core.databases.engineOf(db);
  rows.push({
    name: "samples page (raw DuckDB vs POST /datasource/samples)",
    raw: await time(() =>
      Promise.all([
        engine.execute('SELECT * FROM "main"."birth_names" LIMIT 100 OFFSET 0', { params: [] }),
        engine.execute('SELECT COUNT(*) AS total FROM "main"."birth_names"', { params: [] }),
      ]),
    ),
    api: await time(async () => {
      const res = await app.request(
        `/datasource/samples?datasource_type=table&datasource_id=${birth.id}&per_page=100&page=1`,
        {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: "{}",
        },
      );
      await res.arrayBuffer();
    }),
  });

  // 3. Chart data on a generated 10M-row table: the compiled SQL run raw vs the API (no cache),
  //    and the API answering from its cache.
  const rowsN = Number(process.env.BENCH_ROWS ?? 10_000_000);
  const seed = await createEngine({ engine: "duckdb", path: join(dataDir, "databases", "bench.duckdb") });
  await seed.execute(
    `CREATE TABLE events AS SELECT i AS id, (i % 50)::INTEGER AS region, (i % 7)::VARCHAR AS kind, (i * 7919 % 1000)::DOUBLE AS amount, TIMESTAMP '2024-01-01' + to_seconds(i % 31536000) AS ts FROM range(${rowsN}) t(i)`,
    { allowDml: true },
  );
  await seed.close();
  const benchDb = await core.databases.create(null, {
    database_name: "bench",
    engine: "duckdb",
    parameters: { path: "bench.duckdb" },
  });
  const events = await core.datasets.create(null, {
    database: benchDb.id,
    schema: "main",
    table_name: "events",
  });
  const sum = (column: string, label: string) => ({
    expressionType: "SIMPLE",
    column: { column_name: column },
    aggregate: "SUM",
    label,
  });
  const chartRequest = (query: Record<string, unknown>) => ({
    datasource: { id: events.id, type: "table" },
    queries: [query],
    result_format: "json",
    result_type: "full",
  });
  const benchEngine = await core.databases.engineOf(benchDb);
  const chartRounds = Number(process.env.BENCH_CHART_ROUNDS ?? 30);
  const post = (request: unknown, force: boolean) => async () => {
    const res = await app.request(`/api/v1/chart/data${force ? "?force=true" : ""}`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify(request),
    });
    await res.arrayBuffer();
  };
  /** The same compiled SQL run raw, then through the API without the cache. */
  const benchChart = async (name: string, request: ReturnType<typeof chartRequest>) => {
    const shown = (await (
      await app.request("/api/v1/chart/data", {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify({ ...request, result_type: "query" }),
      })
    ).json()) as {
      result: { query: string }[];
    };
    const pair = await timePair(
      () => benchEngine.execute(shown.result[0].query),
      post(request, true),
      chartRounds,
    );
    rows.push({
      name: `chart data, ${rowsN.toLocaleString()} rows, ${name} (raw DuckDB vs POST /api/v1/chart/data?force=true)`,
      ...pair,
    });
  };
  const light = chartRequest({
    columns: ["region"],
    metrics: [sum("amount", "total")],
    orderby: [["total", false]],
    row_limit: 100,
  });
  await benchChart("50-group sum", light);
  await benchChart(
    "daily series by kind",
    chartRequest({
      columns: [
        {
          expressionType: "SQL",
          sqlExpression: "ts",
          label: "ts",
          columnType: "BASE_AXIS",
          timeGrain: "P1D",
        },
        "kind",
      ],
      metrics: [
        sum("amount", "total"),
        {
          expressionType: "SIMPLE",
          column: { column_name: "id" },
          aggregate: "COUNT_DISTINCT",
          label: "ids",
        },
      ],
      orderby: [["ts", true]],
      row_limit: 10000,
    }),
  );
  await post(light, false)();
  await core.chartData.flush();
  const hit = await time(post(light, false), chartRounds);

  console.log(`Strata bench: ${ROUNDS} rounds each, times in ms (p50 / p95), ratio = API ÷ raw at p50`);
  for (const r of rows) {
    const ratio = pct(r.api, 50) / pct(r.raw, 50);
    console.log(
      `${r.name}\n  raw ${pct(r.raw, 50).toFixed(2)} / ${pct(r.raw, 95).toFixed(2)}   api ${pct(r.api, 50).toFixed(2)} / ${pct(r.api, 95).toFixed(2)}   ratio ${ratio.toFixed(2)}`,
    );
  }
  console.log(
    `chart data cache hit (same request, no force)\n  api ${pct(hit, 50).toFixed(2)} / ${pct(hit, 95).toFixed(2)}`,
  );
  const ratioOf = (prefix: string) => {
    const row = rows.find((r) => r.name.startsWith(prefix) || r.name.includes(prefix));
    if (!row) throw new Error(`no bench row "${prefix}"`);
    return pct(row.api, 50) / pct(row.raw, 50);
  };
  recordResults({
    dataset_list_ratio: ratioOf("dataset list"),
    chart_data_light_ratio: ratioOf("50-group sum"),
    chart_data_heavy_ratio: ratioOf("daily series by kind"),
    cache_hit_ms: pct(hit, 50),
  });
  await runtime.close();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
