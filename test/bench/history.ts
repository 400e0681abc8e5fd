import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../functions/src/app.ts";
import { startLocalRuntime } from "../../functions/src/runtime/local-runtime.ts";
import type { QueryData } from "../../packages/core/src/sqllab/types.ts";
import { queryRecord } from "../support/query-record.ts";

/**
 * `npm run bench:history`: the SQL Lab poll (`GET /api/v1/query/updated_since`) for a user with 10
 * recent queries, with 10 queries in the table and then with BENCH_HISTORY_QUERIES (100,000) —
 * other users' mostly, written straight through the store. The poll reads the user's index by
 * key, so both latencies should match; the items read per poll are reported too.
 */
const TOTAL = Number(process.env.BENCH_HISTORY_QUERIES ?? 100_000);
const ROUNDS = 50;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function query(userId: number, n: number): QueryData {
  const sql = `SELECT ${n}`;
  return queryRecord({
    client_id: `b${userId}-${n}`,
    database_id: 1,
    user_id: userId,
    sql,
    executed_sql: sql,
  });
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), "strata-bench-history-"));
  const runtime = await startLocalRuntime({
    dataDir,
    ephemeral: true,
    adminUsername: "admin",
    adminPassword: "bench-password-123",
    secret: randomBytes(32).toString("hex"),
    log: () => {},
  });
  try {
    const app = createApp(runtime.core);
    const login = await app.request("/api/v1/security/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "admin", password: "bench-password-123", provider: "db" }),
    });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const me = (
      (await (
        await app.request("/api/v1/me/", { headers: { authorization: `Bearer ${token}` } })
      ).json()) as {
        result: { id: number };
      }
    ).result.id;
    const meta = runtime.core.deps.meta;
    const since = Date.now() - 3_600_000;
    for (let n = 0; n < 10; n++) await meta.create("query", query(me, n), me);

    const poll = async () => {
      const reads = meta.reads.query ?? 0;
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const t = performance.now();
        const res = await app.request(`/api/v1/query/updated_since?q=(last_updated_ms:${since})`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const body = (await res.json()) as { result: unknown[] };
        times.push(performance.now() - t);
        if (body.result.length !== 10) throw new Error(`the poll returned ${body.result.length} queries`);
      }
      return { ms: median(times), itemsPerPoll: ((meta.reads.query ?? 0) - reads) / ROUNDS };
    };
    const small = await poll();
    const started = performance.now();
    const others = TOTAL - 10;
    for (let i = 0; i < others; i += 100)
      await Promise.all(
        Array.from({ length: Math.min(100, others - i) }, (_, j) => {
          const user = 1000 + ((i + j) % 500);
          return meta.create("query", query(user, i + j), user);
        }),
      );
    const wrote = (performance.now() - started) / 1000;
    const large = await poll();
    // An admin's history list (every user's queries): it reads the newest window of them. Beside it,
    // one read of the whole table, which the list made on every request before it had a window.
    const listTimes: number[] = [];
    const listReads = meta.reads.query ?? 0;
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      const res = await app.request("/api/v1/query/?q=(page_size:25)", {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await res.json()) as { count: number };
      listTimes.push(performance.now() - t);
      if (res.status !== 200 || body.count === 0) throw new Error(`the history list answered ${res.status}`);
    }
    const perList = ((meta.reads.query ?? 0) - listReads) / listTimes.length;
    const t = performance.now();
    const whole = (await meta.list("query")).length;
    const wholeMs = performance.now() - t;
    console.log(
      `admin history list (first page of 25), median of ${listTimes.length}: ${median(listTimes).toFixed(0)} ms, ` +
        `${perList.toLocaleString("en-US")} items read of ${whole.toLocaleString("en-US")}; reading them all once: ${wholeMs.toFixed(0)} ms`,
    );
    console.log(
      `updated_since (user with 10 recent queries), median of ${ROUNDS}: ` +
        `${small.ms.toFixed(1)} ms with 10 queries stored, ${large.ms.toFixed(1)} ms with ${TOTAL.toLocaleString("en-US")} ` +
        `(items read per poll: ${small.itemsPerPoll} vs ${large.itemsPerPoll}; ${others.toLocaleString("en-US")} written in ${wrote.toFixed(0)} s)`,
    );
  } finally {
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
