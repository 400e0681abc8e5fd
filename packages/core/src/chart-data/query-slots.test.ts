import { describe, expect, it } from "vitest";
import { QuerySlots } from "./query-slots.ts";

/** A piece of work that ends when told to, recording when it started. */
function gate(log: string[], name: string) {
  let open!: () => void;
  const opened = new Promise<void>((r) => {
    open = r;
  });
  return {
    work: async () => {
      log.push(`start ${name}`);
      await opened;
      return name;
    },
    open: () => open(),
  };
}

const turn = () => new Promise((r) => setImmediate(r));

describe("QuerySlots", () => {
  it("runs at most `size` at once and hands slots over in arrival order", async () => {
    const slots = new QuerySlots(2);
    const log: string[] = [];
    const gates = ["a", "b", "c", "d"].map((n) => gate(log, n));
    const runs = gates.map((g) => slots.run(g.work));
    await turn();
    expect(log).toEqual(["start a", "start b"]);
    expect(slots.queued).toBe(2);
    gates[1].open();
    await turn();
    expect(log).toEqual(["start a", "start b", "start c"]);
    gates[0].open();
    gates[2].open();
    gates[3].open();
    expect(await Promise.all(runs)).toEqual(["a", "b", "c", "d"]);
    expect(slots.queued).toBe(0);
  });

  it("a waiter whose signal aborts leaves the queue with the caller's error and never runs", async () => {
    const slots = new QuerySlots(1);
    const log: string[] = [];
    const first = gate(log, "first");
    const running = slots.run(first.work);
    const controller = new AbortController();
    const waiting = slots.run(gate(log, "late").work, controller.signal, () => new Error("timed out"));
    await turn();
    controller.abort();
    await expect(waiting).rejects.toThrow("timed out");
    expect(slots.queued).toBe(0);
    first.open();
    await running;
    // The slot is free again: the next caller starts at once.
    const next = gate(log, "next");
    const after = slots.run(next.work);
    await turn();
    next.open();
    await after;
    expect(log).toEqual(["start first", "start next"]);
  });

  it("a failing query gives its slot back", async () => {
    const slots = new QuerySlots(1);
    await expect(slots.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await slots.run(async () => "ok")).toBe("ok");
  });
});
