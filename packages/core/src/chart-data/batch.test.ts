import { describe, expect, it } from "vitest";
import type { ChartDataBatchItem } from "@strata/contracts";
import { principalOf } from "../security/principal.ts";
import { ChartDataBatch } from "./batch.ts";
import type { ChartDataReply } from "./reply.ts";

const item = (sliceId?: number) =>
  ({
    request: { result_format: "json", queries: [] },
    ...(sliceId === undefined ? {} : { slice_id: sliceId }),
  }) as unknown as ChartDataBatchItem;

async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe("ChartDataBatch", () => {
  it("reads the named charts ahead in one call before its items read them one by one", async () => {
    const events: string[] = [];
    const batch = new ChartDataBatch(
      {
        request: async (_p, _req, ctx) => {
          events.push(`item ${ctx?.sliceId}`);
          return { kind: "json", body: new Response('{"result":[]}').body! } as unknown as ChartDataReply;
        },
      },
      async (ids) => {
        events.push(`ahead ${ids.join(",")}`);
      },
    );
    const lines = (await text(batch.run(principalOf(null, []), [item(3), item(), item(7)])))
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { index: number; status: number });
    expect(lines.map((l) => l.status)).toEqual([200, 200, 200]);
    expect(events[0]).toBe("ahead 3,7");
    expect(events.filter((e) => e.startsWith("item"))).toHaveLength(3);
  });

  it("answers even when reading ahead fails, and reads nothing ahead for one chart", async () => {
    let ahead = 0;
    const batch = new ChartDataBatch(
      {
        request: async () =>
          ({ kind: "json", body: new Response('{"result":[]}').body! }) as unknown as ChartDataReply,
      },
      async () => {
        ahead++;
        throw new Error("store down");
      },
    );
    expect(await text(batch.run(principalOf(null, []), [item(1), item(2)]))).toContain('"status":200');
    expect(ahead).toBe(1);
    await text(batch.run(principalOf(null, []), [item(1)]));
    expect(ahead).toBe(1);
  });
});
