import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  CreateTableCommand,
  DeleteItemCommand,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  UpdateItemCommand,
} from "@aws-sdk/client-dynamodb";
import { waitForTable } from "@strata/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StandIns, startStandIns } from "../../functions/src/local/stand-ins.ts";
import { standInClients } from "../support/stand-in-clients.ts";

/**
 * The DynamoDB stand-in writes an item and its index entries as one LevelDB batch
 * (functions/src/local/item-writes-in-one-batch.ts): a Query beside updates that move items in
 * an index must see every item, once, as it was before or after each update.
 */
describe.each(["in memory", "on disk"])(
  "the DynamoDB stand-in's item writes %s, through the AWS SDK",
  (where) => {
    const TableName = "item-writes-test";
    const ITEMS = 12;
    const dataDir = where === "on disk" ? mkdtempSync(join(tmpdir(), "strata-item-writes-")) : undefined;
    let standIns: StandIns;
    let dynamo: ReturnType<typeof standInClients>["dynamo"];
    beforeAll(async () => {
      standIns = await startStandIns(dataDir);
      ({ dynamo } = standInClients(standIns));
      await dynamo.send(
        new CreateTableCommand({
          TableName,
          KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
          AttributeDefinitions: [
            { AttributeName: "pk", AttributeType: "S" },
            { AttributeName: "kind", AttributeType: "S" },
            { AttributeName: "changed", AttributeType: "S" },
          ],
          GlobalSecondaryIndexes: [
            {
              IndexName: "by-kind",
              KeySchema: [
                { AttributeName: "kind", KeyType: "HASH" },
                { AttributeName: "changed", KeyType: "RANGE" },
              ],
              Projection: { ProjectionType: "ALL" },
            },
          ],
          BillingMode: "PAY_PER_REQUEST",
        }),
      );
      await waitForTable(dynamo, TableName);
      for (let i = 0; i < ITEMS; i++)
        await dynamo.send(
          new PutItemCommand({
            TableName,
            Item: { pk: { S: `tab#${i}` }, kind: { S: "tab" }, changed: { S: stamp(0, i) }, n: { N: "0" } },
          }),
        );
    });
    afterAll(async () => {
      await standIns.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    /** A sort key that moves on every update, as an entity's changed_on does. */
    const stamp = (round: number, i: number) => `${String(round).padStart(6, "0")}#${i}`;
    const listed = async () => {
      const out = await dynamo.send(
        new QueryCommand({
          TableName,
          IndexName: "by-kind",
          KeyConditionExpression: "kind = :k",
          ExpressionAttributeValues: { ":k": { S: "tab" } },
        }),
      );
      return (out.Items ?? []).map((item) => item.pk.S);
    };

    it("never leaves an item out of a Query while updates move it in the index", async () => {
      let round = 0;
      let writing = true;
      const writer = (async () => {
        while (round < 400) {
          round++;
          const i = round % ITEMS;
          await dynamo.send(
            new UpdateItemCommand({
              TableName,
              Key: { pk: { S: `tab#${i}` } },
              UpdateExpression: "SET changed = :c, n = :n",
              ExpressionAttributeValues: { ":c": { S: stamp(round, i) }, ":n": { N: String(round) } },
            }),
          );
        }
        writing = false;
      })();
      const seen: number[] = [];
      while (writing) {
        const keys = await listed();
        seen.push(keys.length);
        expect(new Set(keys).size).toBe(keys.length);
      }
      await writer;
      expect(seen.length).toBeGreaterThan(10);
      expect(seen.filter((n) => n !== ITEMS)).toEqual([]);
    });

    it("keeps one index entry per item, with the item's last write, and a delete removes both", async () => {
      const item = await dynamo.send(new GetItemCommand({ TableName, Key: { pk: { S: "tab#3" } } }));
      const entry = await dynamo.send(
        new QueryCommand({
          TableName,
          IndexName: "by-kind",
          KeyConditionExpression: "kind = :k",
          FilterExpression: "pk = :p",
          ExpressionAttributeValues: { ":k": { S: "tab" }, ":p": { S: "tab#3" } },
        }),
      );
      expect(entry.Items).toEqual([item.Item]);

      await dynamo.send(new DeleteItemCommand({ TableName, Key: { pk: { S: "tab#3" } } }));
      expect(
        (await dynamo.send(new GetItemCommand({ TableName, Key: { pk: { S: "tab#3" } } }))).Item,
      ).toBeUndefined();
      expect(await listed()).not.toContain("tab#3");
      expect(await listed()).toHaveLength(ITEMS - 1);
    });
  },
);
