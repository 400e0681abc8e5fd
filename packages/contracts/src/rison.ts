import rison from "rison";

/** Rison as Superset's clients send it in `?q=`. Throws on malformed input. */
export function decodeRison(text: string): unknown {
  return rison.decode(text);
}

export function encodeRison(value: unknown): string {
  return rison.encode(value);
}
