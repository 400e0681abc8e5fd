import { afterEach, describe, expect, it, vi } from "vitest";
import { signToken, TokenVerifier, verifyToken } from "./jwt.ts";

const SECRET = "a-test-signing-secret-that-is-long-enough";

afterEach(() => {
  vi.useRealTimers();
});

describe("TokenVerifier", () => {
  it("answers a verified token again from memory, as the same frozen claims", () => {
    const tokens = new TokenVerifier(SECRET);
    const token = signToken(SECRET, { sub: 4, typ: "access", tv: 0 }, 60);
    const first = tokens.verify(token);
    expect(first).toMatchObject({ sub: 4, typ: "access" });
    expect(tokens.verify(token)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it("never takes an altered or foreign token for a remembered one", () => {
    const tokens = new TokenVerifier(SECRET);
    const token = signToken(SECRET, { sub: 4, typ: "access" }, 60);
    expect(tokens.verify(token)).toBeDefined();
    const [header, body, sig] = token.split(".");
    const raised = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, "base64url").toString()), sub: 1 }),
    ).toString("base64url");
    expect(tokens.verify(`${header}.${raised}.${sig}`)).toBeUndefined();
    expect(tokens.verify(`${token}x`)).toBeUndefined();
    expect(
      tokens.verify(signToken("another-secret-of-a-good-length-too", { sub: 4, typ: "access" }, 60)),
    ).toBe(undefined);
  });

  it("refuses a remembered token once it has expired", () => {
    vi.useFakeTimers({ now: new Date("2026-11-28T00:00:00Z") });
    const tokens = new TokenVerifier(SECRET);
    const token = signToken(SECRET, { sub: 4, typ: "access" }, 60);
    expect(tokens.verify(token)).toBeDefined();
    vi.setSystemTime(new Date("2026-11-28T00:01:01Z"));
    expect(tokens.verify(token)).toBeUndefined();
    expect(verifyToken(SECRET, token)).toBeUndefined();
  });

  it("remembers at most its bound of tokens, still verifying those it let go", () => {
    const tokens = new TokenVerifier(SECRET, 2);
    const made = [1, 2, 3].map((sub) => signToken(SECRET, { sub, typ: "access" }, 60));
    const first = tokens.verify(made[0]);
    tokens.verify(made[1]);
    tokens.verify(made[2]);
    // The oldest went out: verified afresh, a new (equal) object.
    const again = tokens.verify(made[0]);
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
  });
});
