import { createHmac, timingSafeEqual } from "node:crypto";
import { deepFreeze } from "../resources/deep-freeze.ts";

export interface TokenClaims {
  sub: number;
  typ: "session" | "access" | "refresh" | "guest";
  sid?: string;
  /** The user's token version when issued: a password change bumps it, voiding older tokens. */
  tv?: number;
  exp: number;
  iat: number;
  [key: string]: unknown;
}

const b64 = (value: string | Buffer) => Buffer.from(value).toString("base64url");
const HEADER = b64(JSON.stringify({ alg: "HS256", typ: "JWT" }));

/** HS256 JWTs signed with the installation's secret (generated on first start, never a default). */
export function signToken(
  secret: string,
  claims: Omit<TokenClaims, "iat" | "exp">,
  ttlSeconds: number,
): string {
  const iat = Math.floor(Date.now() / 1000);
  const body = b64(JSON.stringify({ ...claims, iat, exp: iat + ttlSeconds }));
  const sig = createHmac("sha256", secret).update(`${HEADER}.${body}`).digest("base64url");
  return `${HEADER}.${body}.${sig}`;
}

/** Returns the claims of a valid, unexpired token, or undefined. */
export function verifyToken(secret: string, token: string): TokenClaims | undefined {
  const parts = token.split(".");
  if (parts.length !== 3 || parts[0] !== HEADER) return undefined;
  const expected = createHmac("sha256", secret).update(`${parts[0]}.${parts[1]}`).digest();
  const actual = Buffer.from(parts[2], "base64url");
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(parts[1], "base64url").toString("utf8")) as TokenClaims;
    if (typeof claims.exp !== "number" || claims.exp < Date.now() / 1000) return undefined;
    if (typeof claims.sub !== "number") return undefined;
    return claims;
  } catch {
    return undefined;
  }
}

/** CSRF token bound to a session id, so it can't be reused across sessions. */
export function csrfTokenFor(secret: string, sid: string): string {
  return createHmac("sha256", secret).update(`csrf:${sid}`).digest("base64url");
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Verifies tokens under one secret, remembering those it has verified. A client sends the same
 * token with every request for the token's whole life, and checking its signature again each time
 * was the largest single cost of authenticating an API request. A token is remembered by its exact
 * text, so an altered or forged one is never a hit and is checked in full; its expiry is checked on
 * every use. Only validly signed tokens are kept, and at most `max` of them (oldest out first).
 */
export class TokenVerifier {
  private readonly known = new Map<string, TokenClaims>();

  constructor(
    private readonly secret: string,
    private readonly max = 1000,
  ) {}

  verify(token: string): TokenClaims | undefined {
    const kept = this.known.get(token);
    if (kept) {
      if (kept.exp >= Date.now() / 1000) return kept;
      this.known.delete(token);
      return undefined;
    }
    const claims = verifyToken(this.secret, token);
    // Guest tokens carry their row-level rules: a very large one is verified each time instead.
    if (claims && token.length <= MAX_KEPT_TOKEN_CHARS) {
      if (this.known.size >= this.max) {
        const oldest = this.known.keys().next().value;
        if (oldest !== undefined) this.known.delete(oldest);
      }
      // One object answers every later request with this token: nobody may change it.
      this.known.set(token, deepFreeze(claims));
    }
    return claims;
  }
}

const MAX_KEPT_TOKEN_CHARS = 8192;
