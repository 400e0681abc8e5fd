import { createRequire } from "node:module";
import { crc32 } from "node:zlib";

interface BufferCrc32 {
  unsigned(data: string | Uint8Array): number;
  [flag: symbol]: boolean | undefined;
}

const PATCHED = Symbol.for("strata.nativeCrc32");

/** The buffer-crc32 module dynalite loads (its own copy, under its folder). */
export function dynaliteCrc32(): BufferCrc32 {
  const fromDynalite = createRequire(createRequire(import.meta.url).resolve("dynalite"));
  return fromDynalite("buffer-crc32") as BufferCrc32;
}

/**
 * dynalite stamps every response with the CRC32 of its body (`x-amz-crc32`), computed byte by
 * byte in JavaScript: for a list page's several megabytes of items, some 20 ms per request, the
 * stand-in's largest single cost there. Node's zlib computes the same number natively, for the
 * same input (a string is taken as its UTF-8 bytes by both). Idempotent.
 */
export function computeCrc32Natively(module: BufferCrc32 = dynaliteCrc32()): void {
  if (module[PATCHED]) return;
  module.unsigned = (data) => crc32(data);
  module[PATCHED] = true;
}
