import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { ListBucketsCommand, type ListBucketsCommandOutput } from "@aws-sdk/client-s3";
import { ListQueuesCommand } from "@aws-sdk/client-sqs";
import { createAwsClients } from "@strata/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStandIns } from "../../functions/src/local/stand-ins.ts";
import { type LocalRuntime, startLocalRuntime } from "../../functions/src/runtime/local-runtime.ts";

/** Every file and folder under `dir` (symlinks left out: they are not followed). */
function walk(dir: string, out: { path: string; mode: number; dir: boolean }[] = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) continue;
    out.push({ path, mode: stat.mode & 0o777, dir: stat.isDirectory() });
    if (stat.isDirectory()) walk(path, out);
  }
  return out;
}

/** The repository root holds sst's older S3 SDK, whose command type differs from core's client's. */
const listBuckets = (s3: { send(c: never): Promise<unknown> }) =>
  s3.send(new ListBucketsCommand({}) as never) as Promise<ListBucketsCommandOutput>;

const dataDir = mkdtempSync(join(tmpdir(), "strata-private-"));
const log: string[] = [];
let runtime: LocalRuntime;

beforeAll(async () => {
  // State left by an older version, readable by everyone.
  chmodSync(dataDir, 0o755);
  writeFileSync(join(dataDir, "secret.key"), "a".repeat(64), { mode: 0o644 });
  mkdirSync(join(dataDir, "databases"), { mode: 0o755 });
  writeFileSync(join(dataDir, "databases", "old.duckdb"), "", { mode: 0o664 });
  chmodSync(join(dataDir, "secret.key"), 0o644);
  chmodSync(join(dataDir, "databases"), 0o755);
  chmodSync(join(dataDir, "databases", "old.duckdb"), 0o664);
  runtime = await startLocalRuntime({
    dataDir,
    adminUsername: "admin",
    adminPassword: "private-admin-password",
    examples: ["energy_usage"],
    log: (line) => log.push(line),
  });
});
afterAll(async () => {
  await runtime?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("DATA_DIR is owner-only", () => {
  it("tightens what existed and creates everything new as 0600 files / 0700 folders", async () => {
    // Written after start too: a result in S3 (s3rver's files) and metadata (dynalite's).
    await runtime.core.deps.results.putJson("private-check/result", { rows: [1, 2, 3] });
    const entries = [{ path: dataDir, mode: lstatSync(dataDir).mode & 0o777, dir: true }, ...walk(dataDir)];
    const names = entries.map((e) => e.path.slice(dataDir.length));
    // The stores, the examples database, the secret: all there, so the check covers them.
    expect(names).toEqual(
      expect.arrayContaining(["/secret.key", "/dynamodb", "/s3", "/databases", "/databases/examples.duckdb"]),
    );
    const loose = entries.filter((e) => e.mode & 0o077).map((e) => `${e.path} ${e.mode.toString(8)}`);
    expect(loose).toEqual([]);
    for (const e of entries) expect(e.mode & 0o700).toBe(e.dir ? 0o700 : 0o600);
  });
});

describe("local stand-ins", () => {
  it("listen on loopback only, with credentials made for this start and never logged", () => {
    const { endpoints, credentials } = runtime.standIns;
    for (const url of Object.values(endpoints)) expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(["local", "test", "S3RVER", "AKIAIOSFODNN7EXAMPLE"]).not.toContain(credentials.accessKeyId);
    expect(credentials.secretAccessKey.length).toBeGreaterThanOrEqual(32);
    const everything = log.join("\n");
    expect(everything).not.toContain(credentials.accessKeyId);
    expect(everything).not.toContain(credentials.secretAccessKey);
  });

  it("refuse well-known and other starts' credentials, and unsigned requests", async () => {
    const { endpoints, credentials } = runtime.standIns;
    const base = { region: "us-east-1", metaTable: "", resultsBucket: "", jobsQueueUrl: "", endpoints };
    const other = await startStandIns();
    try {
      expect(other.credentials.accessKeyId).not.toBe(credentials.accessKeyId);
      for (const creds of [
        { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
        { accessKeyId: "local", secretAccessKey: "local" },
        { accessKeyId: "test", secretAccessKey: "test" },
        other.credentials,
      ]) {
        const c = createAwsClients({ ...base, credentials: creds });
        await expect(c.dynamo.send(new ListTablesCommand({}))).rejects.toThrow();
        await expect(listBuckets(c.s3)).rejects.toThrow();
        await expect((await c.sqs()).send(new ListQueuesCommand({}))).rejects.toThrow();
      }
    } finally {
      await other.close();
    }
    for (const url of Object.values(endpoints)) {
      const res = await fetch(`${url}/`, { method: "POST", body: "{}" });
      expect(res.status).toBe(403);
    }
    const own = createAwsClients({ ...base, credentials });
    expect((await own.dynamo.send(new ListTablesCommand({}))).TableNames).toContain("strata-meta");
    expect((await listBuckets(own.s3)).Buckets?.map((b) => b.Name)).toContain("strata-results");
    const ownSqs = await own.sqs();
    expect((await ownSqs.send(new ListQueuesCommand({}))).QueueUrls?.length).toBeGreaterThan(0);
  });
});
