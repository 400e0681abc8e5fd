import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createAwsClients, ensureMetaTable, MetaStore } from "@strata/core";
import { afterAll, describe, expect, it } from "vitest";
import { startStandInThread } from "./stand-in-thread.ts";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "strata-stand-in-thread-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const clientsFor = (si: Awaited<ReturnType<typeof startStandInThread>>) =>
  createAwsClients({
    region: "us-east-1",
    metaTable: "thread-meta",
    resultsBucket: "thread-results",
    jobsQueueUrl: "",
    endpoints: si.endpoints,
    credentials: si.credentials,
  });

describe("the AWS stand-ins on their own thread", () => {
  it("answers the SDK, keeps what it stored across a close and a new thread, and closes for good", async () => {
    const dataDir = tempDir();
    const first = await startStandInThread(dataDir);
    let clients = clientsFor(first);
    await ensureMetaTable(clients.dynamo, "thread-meta");
    await new MetaStore(clients.doc, "thread-meta").putValue("kept", { n: 1 });
    clients.dynamo.destroy();
    await first.close();
    // Closed: its port no longer answers.
    await expect(fetch(first.endpoints.dynamodb)).rejects.toThrow();

    const second = await startStandInThread(dataDir);
    clients = clientsFor(second);
    expect(await new MetaStore(clients.doc, "thread-meta").getValue("kept")).toEqual({ n: 1 });
    // Each start signs with credentials of its own.
    expect(second.credentials.accessKeyId).not.toBe(first.credentials.accessKeyId);
    clients.dynamo.destroy();
    await second.close();
  });

  it("rejects a start that fails in the thread instead of waiting forever", async () => {
    const notADir = join(tempDir(), "a-file");
    writeFileSync(notADir, "not a directory");
    await expect(startStandInThread(notADir)).rejects.toThrow(/ENOTDIR|not a directory/i);
  });
});
