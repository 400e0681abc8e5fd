import { describe, expect, it } from "vitest";
import { remapMetadata } from "./dashboard-refs.ts";

describe("remapMetadata: native filter targets", () => {
  it("points a target's datasetUuid at this server's dataset, and drops a bare datasetId", () => {
    const md = remapMetadata(
      {
        native_filter_configuration: [
          {
            id: "NATIVE_FILTER-a",
            targets: [
              { datasetUuid: "u-births", column: { name: "gender" } },
              // A number alone names no dataset here: another server's id, or one aimed at a
              // dataset the importer can't read (embedded guests trust filter targets).
              { datasetId: 7, column: { name: "source" } },
              { datasetUuid: "u-unknown", datasetId: 7, column: { name: "state" } },
            ],
          },
        ],
      },
      new Map(),
      new Map([["u-births", 42]]),
    );
    const [filter] = md.native_filter_configuration as { targets: Record<string, unknown>[] }[];
    expect(filter.targets).toEqual([
      { datasetId: 42, column: { name: "gender" } },
      { column: { name: "source" } },
      { column: { name: "state" } },
    ]);
  });
});
