import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEngine } from "@strata/engines";
import { recordResults } from "./results.ts";
import { cpuMs, logInHeaders, memory, resetPeak, startServer } from "./server-process.ts";

/**
 * `npm run bench:load`: a bounded load run on loopback against the real server in its own
 * process. BENCH_LOAD_CLIENTS (20) clients, each sending its next request as soon as the last is
 * answered, for BENCH_LOAD_SECONDS (20) per case: the dataset list (first page of 30 datasets)
 * and cached chart data (the same light query, answered from the cache). Reports requests/s,
 * p50/p99, errors (anything but 200, or no answer) and the server's resident memory before,
 * at its peak and a few seconds after; then the same run once more, to tell memory an allocator
 * keeps (the level after it stays) from a leak (it rises by as much again).
 */
const CLIENTS = Number(process.env.BENCH_LOAD_CLIENTS ?? 20);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 20);
/** After the run, resident memory is read every half second for up to this long, until back near its start. */
const SETTLE_MS = Number(process.env.BENCH_LOAD_SETTLE_MS ?? 15_000);
/** "Back to its starting level": within this much of it (MB), or 10 %, whichever is larger. */
const SETTLED_SLACK_MB = 16;
const DATASETS = 30;
/** The unmeasured burst per case before the starting level is read, and the rest after it. */
const WARM_SECONDS = 3;
const WARM_REST_MS = 8000;

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

interface LoadResult {
  /** Server CPU (user + system, all its threads) per answered request, in ms. */
  cpuPerRequest: number;
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  errors: number;
}

/** `CLIENTS` loops sending `send()` back to back until the time is up. */
async function loadRun(
  send: () => Promise<Response>,
  seconds: number,
  pid: number,
  idleCpuPerSecond: number,
): Promise<LoadResult> {
  const cpuBefore = cpuMs(pid);
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  const client = async () => {
    while (performance.now() < until) {
      const t = performance.now();
      try {
        const res = await send();
        await res.arrayBuffer();
        if (res.status === 200) latencies.push(performance.now() - t);
        else errors++;
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const cpuAfter = cpuMs(pid);
  return {
    // What the server burns idle (worker loop, timers) is not a request's cost: taken off first.
    cpuPerRequest:
      cpuBefore === null || cpuAfter === null
        ? Number.NaN
        : (cpuAfter - cpuBefore - idleCpuPerSecond * elapsed) / Math.max(1, latencies.length),
    rps: latencies.length / elapsed,
    p50: pct(latencies, 50) ?? Number.NaN,
    p99: pct(latencies, 99) ?? Number.NaN,
    ok: latencies.length,
    errors,
  };
}

/** A DuckDB file with one 200k-row table to chart and small tables to list, made before the server starts. */
async function seed(dataDir: string): Promise<void> {
  mkdirSync(join(dataDir, "databases"), { recursive: true });
  const db = await createEngine({ engine: "duckdb", path: join(dataDir, "databases", "bench.duckdb") });
  await db.execute(
    "CREATE TABLE events AS SELECT i AS id, (i % 50)::INTEGER AS region, (i % 7)::VARCHAR AS kind, (i * 7919 % 1000)::DOUBLE AS amount FROM range(200000) t(i)",
    { allowDml: true },
  );
  for (let i = 1; i < DATASETS; i++)
    await db.execute(`CREATE TABLE t${i} AS SELECT i AS id, 'x' || i AS label FROM range(10) t(i)`, {
      allowDml: true,
    });
  await db.close();
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), "strata-bench-load-"));
  await seed(dataDir);
  const server = await startServer(dataDir);
  const { url, child } = server;
  try {
    const auth = await logInHeaders(url);
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${url}${path}`, { method: "POST", headers: auth, body: JSON.stringify(body) });
      const json = (await res.json()) as { id: number };
      if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json).slice(0, 300)}`);
      return json;
    };
    const database = await post("/api/v1/database/", {
      database_name: "bench",
      engine: "duckdb",
      parameters: { path: "bench.duckdb" },
    });
    const events = await post("/api/v1/dataset/", {
      database: database.id,
      schema: "main",
      table_name: "events",
    });
    for (let i = 1; i < DATASETS; i++)
      await post("/api/v1/dataset/", { database: database.id, schema: "main", table_name: `t${i}` });

    const list = () =>
      fetch(
        `${url}/api/v1/dataset/?q=(order_column:changed_on_delta_humanized,order_direction:desc,page:0,page_size:25)`,
        {
          headers: auth,
        },
      );
    const chartBody = JSON.stringify({
      datasource: { id: events.id, type: "table" },
      queries: [
        {
          columns: ["region"],
          metrics: [
            { expressionType: "SIMPLE", column: { column_name: "amount" }, aggregate: "SUM", label: "total" },
          ],
          orderby: [["total", false]],
          row_limit: 100,
        },
      ],
      result_format: "json",
      result_type: "full",
    });
    const chart = () => fetch(`${url}/api/v1/chart/data`, { method: "POST", headers: auth, body: chartBody });
    for (const send of [list, chart]) {
      const res = await send(); // warm: the chart's answer is in the cache from here on
      if (res.status !== 200)
        throw new Error(`warm-up answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
      await res.arrayBuffer();
    }
    // A short unmeasured burst of each case first: the starting level is the warmed server at
    // rest, with its code compiled and its caches filled, as it stays between bursts. Then a few
    // quiet seconds, in which the server gives back what the burst grew.
    for (const send of [list, chart]) await loadRun(send, WARM_SECONDS, child.pid!, 0);
    await new Promise((r) => setTimeout(r, WARM_REST_MS));

    // The server's CPU at rest, over a couple of seconds, to take off the per-request figures.
    const idleFrom = cpuMs(child.pid!);
    await new Promise((r) => setTimeout(r, 2000));
    const idleTo = cpuMs(child.pid!);
    const idleCpuPerSecond = idleFrom === null || idleTo === null ? 0 : (idleTo - idleFrom) / 2;
    const before = memory(child.pid!);
    const canReset = resetPeak(child.pid!);
    const listRun = await loadRun(list, SECONDS, child.pid!, idleCpuPerSecond);
    const chartRun = await loadRun(chart, SECONDS, child.pid!, idleCpuPerSecond);
    const peak = memory(child.pid!);
    const settled = (m: ReturnType<typeof memory>) =>
      !!m && !!before && m.rss <= before.rss + Math.max(SETTLED_SLACK_MB, before.rss * 0.1);
    /** Resident memory once back near the start, or after SETTLE_MS; and how long that took. */
    const settle = async () => {
      const from = performance.now();
      let m = memory(child.pid!);
      while (!settled(m) && performance.now() - from < SETTLE_MS) {
        await new Promise((r) => setTimeout(r, 500));
        m = memory(child.pid!);
      }
      return { m, seconds: (performance.now() - from) / 1000 };
    };
    const { m: after, seconds: settleSeconds } = await settle();
    // The same run again: a server that only keeps what its allocators hold on to ends it about
    // where it ended the first; one that leaks ends it higher by what the run leaked. (The local
    // DynamoDB stand-in once kept an iterator per Query: about 45 MB more after every run.)
    for (const send of [list, chart]) await loadRun(send, SECONDS, child.pid!, idleCpuPerSecond);
    const { m: afterSecond } = await settle();

    console.log(
      `Strata load bench: ${CLIENTS} concurrent clients, ${SECONDS} s per case, loopback (server CPU at rest ${idleCpuPerSecond.toFixed(0)} ms/s, taken off the per-request CPU)`,
    );
    for (const [name, r] of [
      ["dataset list (GET /api/v1/dataset/, 25 of 30)", listRun],
      ["cached chart data (POST /api/v1/chart/data)", chartRun],
    ] as const)
      console.log(
        `${name}\n  ${r.rps.toFixed(0)} requests/s   p50 ${r.p50.toFixed(0)} ms   p99 ${r.p99.toFixed(0)} ms   ${r.ok} ok, ${r.errors} errors   server CPU ${r.cpuPerRequest.toFixed(2)} ms/request`,
      );
    if (before && peak && after)
      console.log(
        `server memory: resident before ${before.rss.toFixed(0)} MB, peak ${canReset ? peak.peak.toFixed(0) : "?"} MB, ${after.rss.toFixed(0)} MB ${settleSeconds.toFixed(1)} s after the run (${settled(after) ? "back to its starting level" : `still ${(after.rss - before.rss).toFixed(0)} MB above it`})`,
      );
    if (after && afterSecond)
      console.log(
        `  after the same run again: ${afterSecond.rss.toFixed(0)} MB (${(afterSecond.rss - after.rss).toFixed(0)} MB more than after the first: a leak grows by what one run leaks; a plateau stays)`,
      );
    if (listRun.errors + chartRun.errors > 0) console.log("errors: some requests failed (see counts above)");
    recordResults({
      load_list_rps: listRun.rps,
      load_list_p99_ms: listRun.p99,
      load_chart_rps: chartRun.rps,
      load_chart_p99_ms: chartRun.p99,
      ...(before && after ? { load_memory_after_mb: after.rss - before.rss } : {}),
      ...(after && afterSecond ? { load_memory_second_run_mb: afterSecond.rss - after.rss } : {}),
    });
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
