import { AppError } from "../errors.ts";

/** DynamoDB refuses items over 400 KB; past it a write fails with an opaque ValidationException. */
export const MAX_ITEM_BYTES = 400 * 1024;

/**
 * The size DynamoDB counts for a value, per its documented rules: names and strings as UTF-8
 * bytes, numbers about one byte per two digits, and a few bytes of overhead per list/map and
 * element. Slightly generous, so an item this accepts is one DynamoDB accepts.
 */
export function dynamoSize(value: unknown): number {
  if (value === null || value === undefined || typeof value === "boolean") return 1;
  if (typeof value === "string") return Buffer.byteLength(value, "utf8");
  if (typeof value === "number" || typeof value === "bigint") return 21;
  if (value instanceof Uint8Array) return value.byteLength;
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + 1 + dynamoSize(v), 3);
  if (typeof value === "object") {
    let n = 3;
    for (const [k, v] of Object.entries(value)) {
      if (v === undefined) continue;
      n += Buffer.byteLength(k, "utf8") + 1 + dynamoSize(v);
    }
    return n;
  }
  return 1;
}

/**
 * Refuses an entity item that would exceed the limit, before the write, with a message naming
 * the field to shorten (what the user can act on) instead of the store's generic refusal.
 */
export function assertItemFits(type: string, item: Record<string, unknown>, data: object): void {
  const size = dynamoSize(item);
  if (size <= MAX_ITEM_BYTES) return;
  let largest = "";
  let largestSize = 0;
  for (const [field, v] of Object.entries(data)) {
    const n = dynamoSize(v);
    if (n > largestSize) [largest, largestSize] = [field, n];
  }
  const kb = (n: number) => `${Math.ceil(n / 1024)} KB`;
  throw new AppError(413, {
    message:
      `This ${type.replace(/_/g, " ")} is too large to save (${kb(size)}; a saved object is limited to ` +
      `${kb(MAX_ITEM_BYTES)}). Its largest field, ${largest}, is ${kb(largestSize)}: shorten it.`,
  });
}
