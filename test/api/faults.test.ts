import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../../functions/src/app.ts";
import { startLocalRuntime } from "../../functions/src/runtime/local-runtime.ts";
import { InFlightJobs } from "../../packages/core/src/chart-data/in-flight.ts";
import { RunRecord } from "../../packages/core/src/sqllab/run-record.ts";
import type { QueryData } from "../../packages/core/src/sqllab/types.ts";
import type { MetaStore } from "../../packages/core/src/store/meta-store.ts";
import { queryRecord } from "../support/query-record.ts";
import { ADMIN, startTestServer } from "../support/server.ts";

type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;

const dataDir = mkdtempSync(join(tmpdir(), "strata-faults-"));
const secret = randomBytes(32).toString("hex");
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function boot() {
  const runtime = await startLocalRuntime({
    dataDir,
    examples: ["energy_usage"],
    adminUsername: ADMIN.username,
    adminPassword: ADMIN.password,
    secret,
    globalAsyncQueries: true,
    log: () => {},
  });
  const app = createApp(runtime.core);
  const call = (method: string, path: string, token: string, body?: unknown) =>
    Promise.resolve(
      app.request(path, {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  const login = await app.request("/api/v1/security/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...ADMIN, provider: "db" }),
  });
  const token = ((await login.json()) as { access_token: string }).access_token;
  return { runtime, call, token };
}

/** A query record as SQL Lab's slow path writes it the moment a run starts. */
function runningQuery(userId: number, clientId: string): QueryData {
  return queryRecord({
    client_id: clientId,
    database_id: 1,
    user_id: userId,
    status: "running",
    progress: 0,
    rows: null,
    limiting_factor: "UNKNOWN",
    end_time: null,
  });
}

/** What enqueue records for a chart-data job before it sends the message. */
const lostJob = (jobId: string, userId: number) => ({
  id: jobId,
  kind: "chart-data",
  payload: { owner: `user:${userId}`, userId },
});

describe("faults: work in flight when the process dies", () => {
  it("a restart ends lost chart-data jobs as error events and marks running SQL Lab runs interrupted", async () => {
    const first = await boot();
    const meta: MetaStore = first.runtime.core.deps.meta;
    const me = (await json(await first.call("GET", "/api/v1/me/", first.token))).result.id as number;
    // The records the process had written when it died: a queued job, a run in progress.
    await new InFlightJobs(meta).track(
      lostJob("0b7f1d2e-0000-4000-8000-000000000001", me),
      Date.now() + 3_600_000,
    );
    const queryId = await meta.nextId("query");
    await new RunRecord(meta, queryId, runningQuery(me, "crashed1")).create();
    expect((await json(await first.call("GET", `/api/v1/query/${queryId}`, first.token))).result.state).toBe(
      "running",
    );
    await first.runtime.close();

    const second = await boot();
    try {
      const events = (await json(await second.call("GET", "/api/v1/async_event/", second.token)))
        .result as Json[];
      const event = events.find((e) => e.job_id === "0b7f1d2e-0000-4000-8000-000000000001");
      expect(event).toMatchObject({ status: "error", result_url: null });
      expect(event?.errors[0].message).toMatch(/interrupted before it finished/);
      const q = (await json(await second.call("GET", `/api/v1/query/${queryId}`, second.token))).result;
      expect(q).toMatchObject({ state: "failed", errorMessage: "The query was interrupted" });
      // Swept once: a later sweep finds nothing left.
      expect(await second.runtime.core.recover({ atStart: true })).toEqual({
        lostJobs: 0,
        interruptedRuns: 0,
        rolledBackImports: 0,
      });
    } finally {
      await second.runtime.close();
    }
  });

  it("the minute tick ends only overdue jobs and runs whose heartbeat stopped; finished jobs leave no record", async () => {
    const s = await startTestServer({ examples: ["birth_names"], globalAsyncQueries: true });
    try {
      const admin = await s.login(ADMIN.username, ADMIN.password);
      const core = s.runtime.core;
      const meta = core.deps.meta;
      const me = (await json(await s.call("GET", "/api/v1/me/", { token: admin }))).result.id as number;
      const inFlight = new InFlightJobs(meta);
      await inFlight.track(lostJob("0b7f1d2e-0000-4000-8000-00000000000a", me), Date.now() - 1);
      await inFlight.track(lostJob("0b7f1d2e-0000-4000-8000-00000000000b", me), Date.now() + 3_600_000);
      const stale = await meta.nextId("query");
      await new RunRecord(meta, stale, runningQuery(me, "stale1")).create();
      // Its heartbeat stopped two minutes ago (the process died); the other one is alive.
      await meta.addMember("sqllab#running", String(stale), {
        heartbeat: Date.now() - 120_000,
        status: "running",
      });
      const alive = await meta.nextId("query");
      await new RunRecord(meta, alive, runningQuery(me, "alive1")).create();

      expect(await core.recover()).toEqual({ lostJobs: 1, interruptedRuns: 1, rolledBackImports: 0 });
      const events = (await json(await s.call("GET", "/api/v1/async_event/", { token: admin })))
        .result as Json[];
      expect(events.map((e) => [e.job_id, e.status])).toEqual([
        ["0b7f1d2e-0000-4000-8000-00000000000a", "error"],
      ]);
      const state = async (id: number) =>
        (await json(await s.call("GET", `/api/v1/query/${id}`, { token: admin }))).result.state;
      expect(await state(stale)).toBe("failed");
      expect(await state(alive)).toBe("running");

      // A job that runs to its end clears its record: nothing for the sweeper to report.
      const ds = (await json(await s.call("GET", "/api/v1/dataset/", { token: admin }))).ids[0];
      const queued = await s.call("POST", "/api/v1/chart/data", {
        token: admin,
        body: {
          datasource: { id: ds, type: "table" },
          queries: [{ columns: ["gender"], metrics: ["count"], row_limit: 10 }],
          result_format: "json",
          result_type: "full",
        },
      });
      expect(queued.status).toBe(202);
      const jobId = (await json(queued)).job_id;
      for (let i = 0; i < 100; i++) {
        const all = (await json(await s.call("GET", "/api/v1/async_event/", { token: admin })))
          .result as Json[];
        if (all.some((e) => e.job_id === jobId)) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      // The record goes after the event is written (a crash between them leaves the sweeper a
      // record whose job already has its one event), so it may still be there a moment longer.
      const members = async () => (await meta.members("chart-data#in-flight")).map((m) => m.member);
      await expect.poll(members, { timeout: 15_000 }).not.toContain(jobId);
      expect(await members()).toContain("0b7f1d2e-0000-4000-8000-00000000000b");
    } finally {
      await s.close();
    }
  });
});
