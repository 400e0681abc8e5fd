import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { MetaStore } from "./meta-store.ts";

type Sent = { input: { RequestItems: Record<string, { Keys?: { pk: string }[] } | unknown[]> } };

/**
 * A document client that, like DynamoDB under throttling, hands back part of each batch call as
 * unprocessed the first `refusals` times, and answers the rest.
 */
function partlyRefusingClient(refusals: number) {
  const calls: string[][] = [];
  let left = refusals;
  const send = async (command: Sent) => {
    const asked = command.input.RequestItems.meta;
    if (Array.isArray(asked)) {
      const puts = asked as { PutRequest: { Item: { pk: string } } }[];
      calls.push(puts.map((p) => p.PutRequest.Item.pk));
      const refused = left-- > 0 ? puts.slice(1) : [];
      return { UnprocessedItems: refused.length ? { meta: refused } : {} };
    }
    const keys = (asked as { Keys: { pk: string }[] }).Keys;
    calls.push(keys.map((k) => k.pk));
    // A lone key left over is refused again: a read that never ends.
    const refused = left-- > 0 ? (keys.length > 1 ? keys.slice(1) : keys) : [];
    const answered = keys.slice(0, keys.length - refused.length);
    const id = (pk: string) => Number(pk.split("#")[1]);
    return {
      Responses: { meta: answered.map((k) => ({ data: { id: id(k.pk), name: `item ${id(k.pk)}` } })) },
      UnprocessedKeys: refused.length ? { meta: { Keys: refused } } : {},
    };
  };
  return { doc: { send } as unknown as DynamoDBDocumentClient, calls };
}

describe("MetaStore batch calls send again what DynamoDB left unprocessed", () => {
  it("a batch read asks again for the keys left over, until all are answered", async () => {
    const { doc, calls } = partlyRefusingClient(2);
    const store = new MetaStore(doc, "meta");
    const found = await store.getMany<{ name: string }>("chart", [1, 2, 3]);
    expect(found.map((c) => c.name)).toEqual(["item 1", "item 2", "item 3"]);
    expect(calls).toEqual([["chart#1", "chart#2", "chart#3"], ["chart#2", "chart#3"], ["chart#3"]]);
  });

  it("a batch read that DynamoDB never finishes fails with a clear message", async () => {
    const { doc } = partlyRefusingClient(100);
    const store = new MetaStore(doc, "meta");
    await expect(store.getMany("chart", [1, 2])).rejects.toThrow(
      "DynamoDB left keys of a batch read unprocessed",
    );
  });

  it("a batch write sends again the items left over", async () => {
    const { doc, calls } = partlyRefusingClient(1);
    const store = new MetaStore(doc, "meta");
    await Promise.all([store.putValue("a", 1), store.putValue("b", 2), store.putValue("c", 3)]);
    expect(calls).toEqual([
      ["kv#a", "kv#b", "kv#c"],
      ["kv#b", "kv#c"],
    ]);
  });
});
