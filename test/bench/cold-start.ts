import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { recordResults } from "./results.ts";
import { logInHeaders, startServer } from "./server-process.ts";

/**
 * `npm run bench:cold-start`: a fresh server process (as `npm start` runs it) from spawn to its
 * first answered request, over a data folder an earlier start already set up (so the figure is
 * a restart, not first-time setup), median of BENCH_COLD_ROUNDS (5). Also shows the time to the
 * first answered API call (login and the dataset list) after spawning.
 */
const ROUNDS = Number(process.env.BENCH_COLD_ROUNDS ?? 5);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), "strata-bench-cold-"));
  try {
    const first = await startServer(dataDir); // creates the tables, the admin, the keys
    await first.stop();
    const health: number[] = [];
    const api: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const server = await startServer(dataDir);
      try {
        health.push(server.startMs);
        const t = performance.now();
        const auth = await logInHeaders(server.url);
        const res = await fetch(`${server.url}/api/v1/dataset/`, { headers: auth });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`the dataset list answered ${res.status}`);
        api.push(server.startMs + performance.now() - t);
      } finally {
        await server.stop();
      }
    }
    const fmt = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(", ");
    console.log(`Strata cold start: ${ROUNDS} fresh server processes, medians`);
    console.log(`  spawn → first answer (/health): ${median(health).toFixed(0)} ms  [${fmt(health)}]`);
    console.log(`  spawn → login + dataset list answered: ${median(api).toFixed(0)} ms  [${fmt(api)}]`);
    recordResults({ cold_start_ms: median(health) });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
