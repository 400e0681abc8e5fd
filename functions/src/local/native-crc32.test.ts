import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { computeCrc32Natively, dynaliteCrc32 } from "./native-crc32.ts";

describe("dynalite's response checksums, computed natively", () => {
  it("are the numbers its JavaScript CRC32 gave, for bytes and for text", () => {
    const original = dynaliteCrc32().unsigned;
    const inputs: (string | Buffer)[] = [
      "",
      '{"Items":[]}',
      "naïve ☃ text, more than ASCII",
      randomBytes(1),
      randomBytes(70_000),
    ];
    const before = inputs.map((x) => original(x));
    const patched = { unsigned: original };
    computeCrc32Natively(patched);
    expect(inputs.map((x) => patched.unsigned(x))).toEqual(before);
  });
});
