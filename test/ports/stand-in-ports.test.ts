import { existsSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CreateQueueCommand, GetQueueAttributesCommand, ReceiveMessageCommand } from "@aws-sdk/client-sqs";
import { GetCommand, PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import {
  type AwsClients,
  createAwsClients,
  ensureBucket,
  ensureMetaTable,
  JobQueue,
  MetaStore,
  ResultStore,
} from "@strata/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { standInLevelModules } from "../../functions/src/local/level-iterators.ts";
import { type StandIns, startStandIns } from "../../functions/src/local/stand-ins.ts";
import { describeJobQueueConformance } from "../../packages/core/src/store/job-queue.conformance.ts";
import { MetaCache } from "../../packages/core/src/store/meta-cache.ts";
import { describeMetaStoreConformance } from "../../packages/core/src/store/meta-store.conformance.ts";
import { describeResultStoreConformance } from "../../packages/core/src/store/result-store.conformance.ts";
import { standInClients } from "../support/stand-in-clients.ts";

/** The DynamoDB, S3 and SQS ports over the local stand-ins, held to the suites the in-memory ports pass. */
let si: StandIns;
let clients: AwsClients;
const TABLE = "ports-meta";
const BUCKET = "ports-results";

beforeAll(async () => {
  si = await startStandIns();
  clients = standInClients(si, { metaTable: TABLE, resultsBucket: BUCKET });
  await ensureMetaTable(clients.dynamo, TABLE);
  await ensureBucket(clients.s3, BUCKET);
});
afterAll(() => si.close());

describeMetaStoreConformance("DynamoDB stand-in", (now) => new MetaStore(clients.doc, TABLE, now));
describe("MetaStore over DynamoDB: fewer round trips, same guarantees", () => {
  it("sends commands without the SDK's log step (it copied every input and output for no logger)", async () => {
    const names = (stack: { identify(): string[] }) => stack.identify().join(" ");
    expect(names(clients.dynamo.middlewareStack)).not.toContain("loggerMiddleware");
    expect(names(clients.doc.middlewareStack)).not.toContain("loggerMiddleware");
    expect(names(clients.s3.middlewareStack)).not.toContain("loggerMiddleware");
    expect(names((await clients.sqs()).middlewareStack)).not.toContain("loggerMiddleware");
    // Still a working client.
    await clients.doc.send(new PutCommand({ TableName: TABLE, Item: { pk: "log-step", sk: "A", n: 1 } }));
    const read = await clients.doc.send(
      new GetCommand({ TableName: TABLE, Key: { pk: "log-step", sk: "A" } }),
    );
    expect(read.Item?.n).toBe(1);
  });
  it("gives two instances disjoint id blocks from the one counter", async () => {
    const type = `blocks_${Date.now().toString(36)}`;
    const [a, b] = [new MetaStore(clients.doc, TABLE), new MetaStore(clients.doc, TABLE)];
    a.allocateIdsInBlocks(type, 5);
    b.allocateIdsInBlocks(type, 5);
    const ids = await Promise.all(Array.from({ length: 24 }, (_, i) => (i % 2 ? a : b).nextId(type)));
    expect(new Set(ids).size).toBe(24);
  });

  it("fails only the put that DynamoDB refuses when puts travel in one batch", async () => {
    const meta = new MetaStore(clients.doc, TABLE);
    const key = `batch_${Date.now().toString(36)}`;
    const [fine, tooBig] = await Promise.allSettled([
      meta.putValue(`${key}_ok`, "small"),
      meta.putValue(`${key}_big`, "x".repeat(500 * 1024)),
    ]);
    expect(fine.status).toBe("fulfilled");
    expect(tooBig.status).toBe("rejected");
    expect(await meta.getValue(`${key}_ok`)).toBe("small");
    expect(await meta.getValue(`${key}_big`)).toBeUndefined();
  });

  it("stores an entity as one JSON attribute, and still reads and rewrites one stored as a map", async () => {
    const meta = new MetaStore(clients.doc, TABLE);
    const type = `jsonform_${Date.now().toString(36)}`;
    const made = await meta.create(type, { name: "new", nested: { list: [1, "two", null] } }, 1);
    const stored = await clients.doc.send(
      new GetCommand({ TableName: TABLE, Key: { pk: `${type}#${made.id}`, sk: "A" } }),
    );
    expect(typeof stored.Item?.json).toBe("string");
    expect(stored.Item?.data).toBeUndefined();

    // An item as the store wrote entities before (the entity as a map under `data`).
    const old = { ...made, id: made.id + 1000, name: "old" };
    await clients.doc.send(
      new PutCommand({
        TableName: TABLE,
        Item: {
          pk: `${type}#${old.id}`,
          sk: "A",
          type,
          version: 1,
          gsi1pk: type,
          gsi1sk: `${old.changed_on}#${String(old.id).padStart(10, "0")}`,
          data: old,
        },
      }),
    );
    const fresh = new MetaStore(clients.doc, TABLE);
    expect(await fresh.get(type, old.id)).toEqual(old);
    expect((await fresh.getMany(type, [old.id, made.id])).map((e) => e.id)).toEqual([old.id, made.id]);
    expect((await fresh.list<{ name: string }>(type)).map((e) => e.name).sort()).toEqual(["new", "old"]);
    const updated = await fresh.update(type, old, { name: "old, saved again" }, 1);
    const rewritten = await clients.doc.send(
      new GetCommand({ TableName: TABLE, Key: { pk: `${type}#${old.id}`, sk: "A" } }),
    );
    expect(rewritten.Item?.data).toBeUndefined();
    expect(JSON.parse(rewritten.Item?.json as string)).toEqual(updated);
  });

  it("sends coalescing puts from separate turns as one batch, at once when flushed", async () => {
    // Counts the requests this store's client sends, by command.
    const sent: string[] = [];
    const doc = {
      send: (command: { constructor: { name: string } }) => {
        sent.push(command.constructor.name);
        return clients.doc.send(command as never);
      },
    } as unknown as typeof clients.doc;
    const meta = new MetaStore(doc, TABLE);
    const key = `coalesce_${Date.now().toString(36)}`;
    const first = meta.putValue(`${key}_1`, 1, { coalesce: true });
    await new Promise((r) => setImmediate(r));
    const second = meta.putValue(`${key}_2`, 2, { coalesce: true });
    await Promise.all([first, second]);
    expect(sent).toEqual(["BatchWriteCommand"]);
    expect([await meta.getValue(`${key}_1`), await meta.getValue(`${key}_2`)]).toEqual([1, 2]);

    sent.length = 0;
    let done = false;
    const third = meta.putValue(`${key}_3`, 3, { coalesce: true }).then(() => {
      done = true;
    });
    expect(sent).toEqual([]);
    meta.flushCoalesced();
    await third;
    expect(done).toBe(true);
    expect(sent).toEqual(["PutCommand"]);
  });

  it("has a second instance read a list page's type whole only after a write of it, seen within a second", async () => {
    let ms = 0;
    const writer = new MetaStore(clients.doc, TABLE);
    const reader = new MetaStore(clients.doc, TABLE, undefined, new MetaCache({ now: () => ms }));
    const titles = async () =>
      (await reader.listShared<{ dashboard_title: string }>("dashboard"))
        .map((d) => d.dashboard_title)
        .sort();
    const first = await writer.create("dashboard", { dashboard_title: "First" }, null);
    expect(await titles()).toEqual(["First"]);
    ms += 1000;
    await titles(); // once more whole: the type's write stamp is a second old now, and trusted
    const read = reader.reads.dashboard;
    for (let i = 0; i < 3; i++) {
      ms += 1000;
      expect(await titles()).toEqual(["First"]);
    }
    expect(reader.reads.dashboard).toBe(read);
    // Every kind of write moves the stamp on: the next read past the second sees it.
    const second = await writer.create("dashboard", { dashboard_title: "Second" }, null);
    ms += 500;
    expect(await titles()).toEqual(["First"]);
    ms += 500;
    expect(await titles()).toEqual(["First", "Second"]);
    await writer.update("dashboard", first, { dashboard_title: "Renamed" }, null);
    ms += 1000;
    expect(await titles()).toEqual(["Renamed", "Second"]);
    await writer.delete("dashboard", second);
    ms += 1000;
    expect(await titles()).toEqual(["Renamed"]);
  });
});

describe("Stand-ins without a data directory", () => {
  it("remove the temporary folder their S3 objects lived in when they close", async () => {
    const ours = () =>
      new Set(readdirSync(tmpdir()).filter((n) => n.startsWith(`strata-s3-${process.pid}-`)));
    const before = ours();
    const extra = await startStandIns();
    const { s3 } = createAwsClients({
      region: "us-east-1",
      metaTable: TABLE,
      resultsBucket: BUCKET,
      jobsQueueUrl: "",
      endpoints: extra.endpoints,
      credentials: extra.credentials,
    });
    await ensureBucket(s3, BUCKET); // s3rver makes its folder on the first write
    const made = [...ours()].filter((n) => !before.has(n));
    expect(made).toHaveLength(1);
    await extra.close();
    expect(existsSync(join(tmpdir(), made[0]))).toBe(false);
  });
});

describe("DynamoDB stand-in reads", () => {
  it("closes the database iterator of every query, read to its end or stopped by a limit", async () => {
    // Every iterator a query opens, until it is closed: each one left open held a LevelDB
    // snapshot and native memory for the life of the process.
    const open = new Set<object>();
    const undo: (() => void)[] = [];
    for (const level of standInLevelModules())
      for (const Iterator of [
        level.AbstractIterator,
        level.AbstractKeyIterator,
        level.AbstractValueIterator,
      ]) {
        const proto = Iterator.prototype as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
        const { next, close } = proto;
        proto.next = function (this: object, ...a: unknown[]) {
          open.add(this);
          return next.apply(this, a);
        };
        proto.close = function (this: object, ...a: unknown[]) {
          open.delete(this);
          return close.apply(this, a);
        };
        undo.push(() => {
          proto.next = next;
          proto.close = close;
        });
      }
    try {
      const pk = `reads#${Date.now().toString(36)}`;
      for (let i = 0; i < 5; i++)
        await clients.doc.send(new PutCommand({ TableName: TABLE, Item: { pk, sk: `item#${i}`, n: i } }));
      for (let i = 0; i < 20; i++) {
        const all = await clients.doc.send(
          new QueryCommand({
            TableName: TABLE,
            KeyConditionExpression: "pk = :p",
            ExpressionAttributeValues: { ":p": pk },
          }),
        );
        expect(all.Items).toHaveLength(5);
        const first = await clients.doc.send(
          new QueryCommand({
            TableName: TABLE,
            KeyConditionExpression: "pk = :p",
            ExpressionAttributeValues: { ":p": pk },
            Limit: 2,
          }),
        );
        expect(first.Items).toHaveLength(2);
      }
      // Closing finishes just after the reply has gone.
      await expect.poll(() => open.size).toBe(0);
    } finally {
      for (const restore of undo) restore();
    }
  });
});

describeResultStoreConformance("S3 stand-in", () => new ResultStore(clients.s3, BUCKET));

let queues = 0;
const VISIBILITY = 1;
const MAX_RECEIVES = 2;
describeJobQueueConformance("SQS stand-in", async () => {
  const name = `ports-${++queues}`;
  const sqs = await clients.sqs();
  const dlq = await sqs.send(new CreateQueueCommand({ QueueName: `${name}-dlq` }));
  const arn = (
    await sqs.send(new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl!, AttributeNames: ["QueueArn"] }))
  ).Attributes!.QueueArn;
  const q = await sqs.send(
    new CreateQueueCommand({
      QueueName: name,
      Attributes: {
        VisibilityTimeout: String(VISIBILITY),
        RedrivePolicy: JSON.stringify({ deadLetterTargetArn: arn, maxReceiveCount: MAX_RECEIVES }),
      },
    }),
  );
  return {
    queue: new JobQueue(clients.sqs, q.QueueUrl!),
    visibilitySeconds: VISIBILITY,
    maxReceives: MAX_RECEIVES,
    // SQS time is wall-clock time: the visibility timeout is waited out for real.
    pass: (seconds) => new Promise((r) => setTimeout(r, seconds * 1000)),
    async deadLetters() {
      const out = await sqs.send(
        new ReceiveMessageCommand({ QueueUrl: dlq.QueueUrl!, MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }),
      );
      return (out.Messages ?? []).map((m) => m.Body ?? "");
    },
  };
});
