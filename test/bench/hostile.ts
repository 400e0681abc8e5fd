import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { logInHeaders, memory, resetPeak, startServer } from "./server-process.ts";

/**
 * `npm run bench:hostile`: three maximal chart-data requests at once against the real server
 * (its own process, as `npm start` runs it) — each at the per-request bounds: 5 queries, the
 * 100,000-row budget, wide text rows over a 5M-row virtual dataset, one heavy GROUP BY — while
 * `/health` is polled every 50 ms. Reports each request's status and time, the server's peak
 * resident memory (Linux /proc, reset first) and `/health` latency (median, max), next to the same
 * polling of the idle server first (what the machine itself adds). Also sends an
 * over-bound request (100 queries × 100,000 rows) to show it is refused before any work.
 */
const SOURCE_ROWS = Number(process.env.BENCH_HOSTILE_ROWS ?? 5_000_000);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), "strata-bench-hostile-"));
  // BENCH_SERVER_NODE_ARGS: extra flags for the server's node (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
  // to see where its event loop spends the time; the profile is written when it shuts down).
  const server = await startServer(dataDir);
  const { url, child } = server;
  try {
    const headers = await logInHeaders(url);
    const post = (path: string, body: unknown) =>
      fetch(`${url}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
    const db = (await (
      await post("/api/v1/database/", {
        database_name: "hostile",
        engine: "duckdb",
        parameters: { path: "hostile.duckdb" },
        expose_in_sqllab: true,
      })
    ).json()) as { id: number };
    const ds = (await (
      await post("/api/v1/dataset/", {
        database: db.id,
        schema: "main",
        table_name: "wide",
        sql: `SELECT i, i % 97 AS bucket, repeat('x', 60) || i AS label, i / 3.0 AS third FROM range(${SOURCE_ROWS}) t(i)`,
      })
    ).json()) as { id: number };
    if (!ds.id) throw new Error("dataset creation failed");

    const raw = (n: number) => ({
      columns: ["i", "bucket", "label", "third"],
      metrics: null,
      orderby: [],
      row_limit: n,
    });
    const maximal = {
      datasource: { id: ds.id, type: "table" },
      queries: [
        raw(24_000),
        raw(24_000),
        raw(24_000),
        raw(24_000),
        // Group by a 5M-distinct column: the engine's work, bounded by its time limit
        // (BENCH_HOSTILE_GROUP_BY=false: a fifth plain query instead, to tell the two costs apart).
        process.env.BENCH_HOSTILE_GROUP_BY === "false"
          ? raw(4_000)
          : {
              columns: ["label"],
              metrics: [{ expressionType: "SQL", sqlExpression: "SUM(third)", label: "s" }],
              orderby: [],
              row_limit: 4_000,
            },
      ],
      result_format: "json",
      result_type: "full",
      force: true,
    };

    const over = await post("/api/v1/chart/data", {
      ...maximal,
      queries: Array.from({ length: 100 }, () => raw(100_000)),
    });
    console.log(
      `over-bound request (100 queries × 100,000 rows): ${over.status} ${(await over.text()).slice(0, 140)}`,
    );

    // /health polled every 50 ms until `done` settles: its latencies.
    const pollHealth = async (done: Promise<unknown>) => {
      const health: number[] = [];
      let running = true;
      done.finally(() => {
        running = false;
      });
      while (running) {
        const t = performance.now();
        await fetch(`${url}/health`).then((r) => r.text());
        health.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, 50));
      }
      return health;
    };
    // The same polling with the server idle: what the machine alone adds (other processes on
    // shared cores), to read the figure under load against.
    const idle = await pollHealth(new Promise((r) => setTimeout(r, 5000)));
    console.log(
      `idle server: /health over ${idle.length} polls: median ${median(idle).toFixed(1)} ms, max ${Math.max(...idle).toFixed(1)} ms; load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores`,
    );

    const before = memory(child.pid!);
    resetPeak(child.pid!);
    let finish!: () => void;
    const poller = pollHealth(new Promise<void>((r) => (finish = r)));
    const started = performance.now();
    const results = await Promise.all(
      [0, 1, 2].map(async () => {
        const t = performance.now();
        const res = await post("/api/v1/chart/data", maximal);
        const text = await res.text();
        return {
          status: res.status,
          ms: performance.now() - t,
          mb: text.length / 1024 / 1024,
          head: text.slice(0, 120),
        };
      }),
    );
    finish();
    const health = await poller;
    const after = memory(child.pid!);
    for (const r of results)
      console.log(
        `maximal request: ${r.status} in ${(r.ms / 1000).toFixed(1)} s, ${r.mb.toFixed(1)} MB${r.status === 200 ? "" : ` ${r.head}`}`,
      );
    console.log(
      `three at once: ${((performance.now() - started) / 1000).toFixed(1)} s; server RSS ${before?.rss.toFixed(0)} MB before, ` +
        `peak ${after?.peak.toFixed(0)} MB during; /health over ${health.length} polls: median ${median(health).toFixed(1)} ms, max ${Math.max(...health).toFixed(1)} ms`,
    );
  } finally {
    // Wait for the shutdown, so a profile or a spilled DuckDB file is done before the directory goes.
    await Promise.race([server.stop(), new Promise((r) => setTimeout(r, 10_000))]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
