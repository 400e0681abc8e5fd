import { describe, expect, it } from "vitest";
import { asMetaStore, startMemoryCore } from "../testing/memory-core.ts";
import { DEFAULT_LOGIN_LIMITS, LoginThrottle } from "./login-throttle.ts";
import { MemoryMetaStore } from "../store/memory-meta-store.ts";

const { perAccountAndClient: PER_PAIR, perClient: PER_CLIENT, windowSeconds } = DEFAULT_LOGIN_LIMITS;

/** The login try limits, checked on the domain over in-memory stores. */
describe("login limits over in-memory stores", () => {
  it("checks at most the allowed passwords per account and address, even when they arrive at once", async () => {
    const throttle = new LoginThrottle(asMetaStore(new MemoryMetaStore()));
    const taken = await Promise.all(
      Array.from({ length: PER_PAIR * 3 }, () => throttle.take("admin", "198.51.100.7")),
    );
    expect(taken.filter(Boolean)).toHaveLength(PER_PAIR);
    // Another address still gets its own tries at the same account.
    expect(await throttle.take("ADMIN", "198.51.100.8")).toBe(true);
  });

  it("caps one address across accounts, gives tries back on success, and reopens after the window", async () => {
    let t = Date.parse("2030-01-01T00:00:00Z");
    const throttle = new LoginThrottle(asMetaStore(new MemoryMetaStore(() => new Date(t))));
    const from = "203.0.113.5";
    const across: boolean[] = [];
    for (let i = 0; i < PER_CLIENT + 2; i++) across.push(await throttle.take(`user${i}`, from));
    expect(across.filter(Boolean)).toHaveLength(PER_CLIENT);
    await throttle.succeeded("user0", from);
    expect(await throttle.take("user0", from)).toBe(true);
    expect(await throttle.take("user1", from)).toBe(false);
    t += (windowSeconds + 1) * 1000;
    expect(await throttle.take("user1", from)).toBe(true);
  });

  it("answers with the too-many-logins error once an address used up its tries at an account", async () => {
    const { core } = await startMemoryCore();
    const from = "192.0.2.44";
    const outcomes: string[] = [];
    for (let i = 0; i < PER_PAIR + 1; i++)
      outcomes.push(
        await core.security.authenticate("admin", `guess-${i}`, from).then(
          () => "in",
          (e: Error) => (/Too many failed logins/.test(e.message) ? "locked" : "wrong"),
        ),
      );
    expect(outcomes).toEqual([...Array(PER_PAIR).fill("wrong"), "locked"]);
  });
});
