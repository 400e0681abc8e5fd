import { timingSafeEqual } from "node:crypto";
import { BlockList, isIP } from "node:net";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env.ts";

/** Who is on the other end of a request, as far as the server can trust it. */
export interface ClientInfo {
  /** The client's address (login throttling keys on it); "unknown" when no socket is known. */
  address: string;
  /** Whether the client reached us over HTTPS (the session cookie is `Secure` then). */
  https: boolean;
}

export interface ClientTrust {
  /** Proxies whose `X-Forwarded-For` / `X-Forwarded-Proto` are believed (TRUSTED_PROXIES). */
  trustedProxies?: string[];
  /** Every request arrived over HTTPS (the Lambda runtime behind API Gateway / CloudFront). */
  alwaysHttps?: boolean;
  /**
   * The deployment's edge key (EDGE_KEY): its CloudFront distribution sends it with every request
   * it forwards, beside the viewer's address its viewer-request function wrote (replacing any the
   * viewer sent). Behind CloudFront API Gateway's source address is an edge server's, shared by
   * everyone near it: login throttling keyed on it let one guesser lock a region out of an
   * account, and spread a guesser's tries over many edges. A request without the key (straight
   * to API Gateway) is keyed on its source address as before.
   */
  edgeKey?: string;
}

/** The header CloudFront carries the edge key in (an origin custom header). */
export const EDGE_KEY_HEADER = "x-strata-edge-key";
/** The header CloudFront's viewer-request function writes the viewer's address in. */
export const VIEWER_ADDRESS_HEADER = "x-strata-viewer-address";

/** EDGE_KEY: unset, or a key long enough not to be guessed (the stacks generate 48 characters). */
export function parseEdgeKey(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (value.length < 32) throw new Error("EDGE_KEY must be at least 32 characters long.");
  return value;
}

const sameKey = (sent: string, key: Buffer) => {
  const given = Buffer.from(sent);
  return given.length === key.length && timingSafeEqual(given, key);
};

/**
 * `TRUSTED_PROXIES`: comma-separated addresses or CIDR ranges (`127.0.0.1, 10.0.0.0/8, ::1`).
 * A wrong entry stops the start with a message naming it, rather than trusting nothing silently.
 */
export function parseTrustedProxies(value: string | undefined): string[] {
  const entries = (value ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) toBlockList([entry]);
  return entries;
}

function toBlockList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits, extra] = entry.split("/");
    const family = isIP(address);
    const prefix = bits === undefined ? undefined : Number(bits);
    const max = family === 4 ? 32 : 128;
    if (
      !family ||
      extra !== undefined ||
      (prefix !== undefined && !(Number.isInteger(prefix) && prefix >= 0 && prefix <= max))
    )
      throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range (e.g. 10.0.0.0/8).`);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, prefix, type);
  }
  return list;
}

/** `::ffff:1.2.3.4` (an IPv4 peer on a dual-stack socket) is 1.2.3.4. */
const plain = (address: string) => address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, "$1");

/**
 * The peer the runtime saw: the socket's address under @hono/node-server, API Gateway's
 * `sourceIp` in Lambda. Headers are never the peer: anyone can send them.
 */
function peerOf(env: unknown): string | undefined {
  const e = env as {
    server?: { incoming?: { socket?: { remoteAddress?: string } } };
    incoming?: { socket?: { remoteAddress?: string } };
    requestContext?: { http?: { sourceIp?: string }; identity?: { sourceIp?: string } };
  };
  const address =
    (e?.server ?? e)?.incoming?.socket?.remoteAddress ??
    e?.requestContext?.http?.sourceIp ??
    e?.requestContext?.identity?.sourceIp;
  return address ? plain(address) : undefined;
}

/**
 * Sets `client` for every request. Forwarding headers count only when the peer is a trusted
 * proxy; then the client is the right-most forwarded address that is not itself a trusted proxy
 * (entries to its left were written by the client and prove nothing).
 */
export function clientInfo(trust: ClientTrust = {}): MiddlewareHandler<AppEnv> {
  const proxies = toBlockList(trust.trustedProxies ?? []);
  // With no proxy trusted (the default) nothing is looked up: a lookup builds a socket address
  // object, about 12 µs of every request in a profile of the server.
  const none = (trust.trustedProxies ?? []).length === 0;
  const trusted = (address: string) => {
    if (none) return false;
    const family = isIP(address);
    return family !== 0 && proxies.check(address, family === 4 ? "ipv4" : "ipv6");
  };
  const edgeKey = trust.edgeKey ? Buffer.from(trust.edgeKey) : undefined;
  return async (c, next) => {
    const peer = peerOf(c.env);
    let address = peer ?? "unknown";
    let https = Boolean(trust.alwaysHttps) || c.req.url.startsWith("https:");
    if (edgeKey) {
      const sent = c.req.header(EDGE_KEY_HEADER);
      const viewer = plain(c.req.header(VIEWER_ADDRESS_HEADER)?.trim() ?? "");
      if (sent && isIP(viewer) && sameKey(sent, edgeKey)) {
        c.set("client", { address: viewer, https });
        return next();
      }
    }
    if (peer && trusted(peer)) {
      const hops = (c.req.header("x-forwarded-for") ?? "")
        .split(",")
        .map((h) => plain(h.trim()))
        .filter(Boolean);
      while (hops.length > 1 && trusted(hops[hops.length - 1])) hops.pop();
      if (hops.length) address = hops[hops.length - 1];
      const proto = c.req.header("x-forwarded-proto")?.split(",").pop()?.trim().toLowerCase();
      if (proto) https = https || proto === "https";
    }
    c.set("client", { address, https });
    return next();
  };
}
