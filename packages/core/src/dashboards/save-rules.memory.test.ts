import { describe, expect, it } from "vitest";
import { startMemoryCore } from "../testing/memory-core.ts";

/** Dashboard save rules, checked on the domain over in-memory stores (no stand-ins, no HTTP). */
describe("dashboard saves over in-memory stores", () => {
  it("refuses a save based on a stale read with a 409, and keeps the other editor's change", async () => {
    let t = Date.parse("2030-01-01T00:00:00Z");
    const { core, admin } = await startMemoryCore({ now: () => new Date(t) });
    const made = await core.dashboards.create(admin, { dashboard_title: "Sales" });
    const loaded = core.dashboards.row(made, new Map(), admin).last_modified_time;
    t += 1000;
    await core.dashboards.update(admin, made.id, { dashboard_title: "Sales (theirs)" }, loaded);
    t += 1000;
    await expect(
      core.dashboards.update(admin, made.id, { dashboard_title: "Sales (mine)" }, loaded),
    ).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/changed by someone else/) });
    expect((await core.dashboards.get(admin, made.id)).dashboard_title).toBe("Sales (theirs)");
  });

  it("lets one of two racing saves of the same version win; the other is a 409", async () => {
    const { core, admin } = await startMemoryCore();
    const made = await core.dashboards.create(admin, { dashboard_title: "Ops" });
    const outcomes = await Promise.allSettled(
      ["a", "b"].map((who) => core.dashboards.update(admin, made.id, { css: `/* ${who} */` })),
    );
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    const lost = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect(lost.reason).toMatchObject({ status: 409 });
    expect((await core.dashboards.get(admin, made.id)).version).toBe(2);
  });

  it("gives a slug to exactly one of 20 concurrent creates; the others get 422 Must be unique", async () => {
    const { core, admin } = await startMemoryCore();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        core.dashboards.create(admin, { dashboard_title: `d${i}`, slug: "quarterly" }),
      ),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    for (const o of outcomes.filter((x) => x.status === "rejected"))
      expect((o as PromiseRejectedResult).reason).toMatchObject({
        status: 422,
        message: expect.stringMatching(/Must be unique/),
      });
    const holders = (await core.dashboards.rows(admin)).filter((d) => d.slug === "quarterly");
    expect(holders).toHaveLength(1);
  });
});
