import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";

/**
 * `npm run bench:hostile`: three maximal chart-data requests at once against the real server
 * (its own process, as `npm start` runs it) — each at the per-request bounds: 5 queries, the
 * 100,000-row budget, wide text rows over a 5M-row virtual dataset, one heavy GROUP BY — while
 * `/health` is polled every 50 ms. Reports each request's status and time, the server's peak
 * resident memory (Linux /proc, reset first) and `/health` latency (median, max), next to the same
 * polling of the idle server first (what the machine itself adds). Also sends an
 * over-bound request (100 queries × 100,000 rows) to show it is refused before any work.
 */
const PASSWORD = "bench-password-123";
const SOURCE_ROWS = Number(process.env.BENCH_HOSTILE_ROWS ?? 5_000_000);

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

function memoryMb(pid: number): { peak: number; rss: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { peak: kb("VmHWM") / 1024, rss: kb("VmRSS") / 1024 };
  } catch {
    return null;
  }
}

function resetPeak(pid: number) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
  } catch {
    /* not Linux: the peak covers the whole life of the process */
  }
}

async function startServer(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  // BENCH_HOSTILE_NODE_ARGS: extra flags for the server's node (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
  // to see where its event loop spends the time; the profile is written when it shuts down).
  const extra = (process.env.BENCH_HOSTILE_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
  const child = spawn(
    process.execPath,
    ["--expose-gc", ...extra, "--import", "tsx", "functions/src/local.ts"],
    {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        LOAD_EXAMPLES: "false",
        ADMIN_USERNAME: "admin",
        ADMIN_PASSWORD: PASSWORD,
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error("The server exited while starting");
    if (
      await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, child };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("The server did not start within 60 s");
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), "strata-bench-hostile-"));
  const { url, child } = await startServer(dataDir);
  try {
    const login = await fetch(`${url}/api/v1/security/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "admin", password: PASSWORD, provider: "db" }),
    });
    const { access_token } = (await login.json()) as { access_token: string };
    const headers = { authorization: `Bearer ${access_token}`, "content-type": "application/json" };
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

    const before = memoryMb(child.pid!);
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
    const after = memoryMb(child.pid!);
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
    const exited = new Promise((r) => child.once("exit", r));
    child.kill();
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
