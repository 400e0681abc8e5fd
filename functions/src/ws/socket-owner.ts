import { ASYNC_EVENTS_GUEST_PROTOCOL } from "@strata/contracts";
import { type Core, type JobOwner, jobOwnerOf } from "@strata/core";
import { SESSION_COOKIE } from "../http/auth.ts";

/** What a WebSocket handshake offers to prove who is connecting. */
export interface SocketCredentials {
  cookie?: string;
  authorization?: string;
  /** The offered subprotocols, in order (`Sec-WebSocket-Protocol`). */
  protocols: string[];
}

/** `Sec-WebSocket-Protocol: a, b` as a list. */
export function offeredProtocols(header: string | undefined): string[] {
  return (header ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The guest token offered as `[ASYNC_EVENTS_GUEST_PROTOCOL, token]`, if any. */
export function offeredGuestToken(protocols: string[]): string | undefined {
  const at = protocols.indexOf(ASYNC_EVENTS_GUEST_PROTOCOL);
  return at >= 0 ? protocols[at + 1] : undefined;
}

/**
 * Whose event channel a socket may read, by the same rules as `GET /api/v1/async_event/`: an
 * embedded page's guest token, else a Bearer token, else the session cookie. Undefined (refused)
 * for anonymous callers and for credentials that don't verify.
 */
export async function socketOwner(core: Core, creds: SocketCredentials): Promise<JobOwner | undefined> {
  try {
    const guest = offeredGuestToken(creds.protocols);
    if (guest) return jobOwnerOf(await core.guests.resolve(guest));
    if (creds.authorization?.toLowerCase().startsWith("bearer ")) {
      const user = await core.security.resolveBearer(creds.authorization.slice(7).trim());
      return user ? jobOwnerOf(await core.security.principalFor(user)) : undefined;
    }
    const token = cookieValue(creds.cookie, SESSION_COOKIE);
    const session = token ? await core.security.resolveSession(token) : undefined;
    return session ? jobOwnerOf(await core.security.principalFor(session.user)) : undefined;
  } catch {
    // An invalid or expired guest token throws 401: for a socket that is just "refused".
    return undefined;
  }
}

/**
 * A cross-site page may open a WebSocket to us carrying our cookie (no CORS on sockets), so a
 * browser's handshake must come from the app's own origin: its host equal to the Host it asked
 * for. Clients that send no Origin (API clients, not browsers) can't be tricked into anything.
 */
export function sameOrigin(
  origin: string | undefined,
  host: string | undefined,
  extra: string[] = [],
): boolean {
  if (origin === undefined) return true;
  if (extra.includes(origin)) return true;
  try {
    const u = new URL(origin);
    return (u.protocol === "http:" || u.protocol === "https:") && !!host && u.host === host.toLowerCase();
  } catch {
    return false;
  }
}

/** One cookie's value from a `Cookie` header. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const raw = part
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, "$1");
      try {
        return decodeURIComponent(raw);
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
