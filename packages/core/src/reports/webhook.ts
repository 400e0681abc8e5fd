import { createHmac } from "node:crypto";
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";

/** Loopback, private, link-local, shared, unspecified, multicast and reserved ranges. */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  PRIVATE.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["64:ff9b::", 96],
] as const)
  PRIVATE.addSubnet(net, bits, "ipv6");

/** Whether an address is not on the public internet (an IPv4-mapped IPv6 address is its IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1], "ipv4");
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? "ipv4" : "ipv6");
}

export class WebhookRefused extends Error {}

/**
 * Largest file a webhook carries (base64 in its JSON body, a third bigger on the wire). A bigger
 * file is sent as a signed short-lived link instead (see `file-links.ts`).
 */
export const WEBHOOK_FILE_CAP_BYTES = 5 * 1024 * 1024;

/**
 * A DNS lookup that refuses the whole name when any of its addresses is private: checked where the
 * connection is made, so a name can't resolve to a public address for a check and a private one
 * for the request.
 */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, "", 0);
      const bad = addresses.find((a) => isPrivateAddress(a.address));
      if (bad && !allowPrivate)
        return callback(
          new WebhookRefused(
            `${hostname} resolves to a private address (${bad.address}); webhooks go to public hosts only.`,
          ),
          "",
          0,
        );
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/** The signature header's value: HMAC-SHA256 of the exact body bytes under the report's key. */
export const webhookSignature = (key: string, body: string) =>
  `sha256=${createHmac("sha256", key).update(body).digest("hex")}`;

/** POSTs a JSON body to a webhook; a refused target, a non-2xx answer or a timeout throws. */
export function postWebhook(
  target: string,
  body: string,
  headers: Record<string, string>,
  opts: { allowPrivate: boolean; timeoutMs: number },
): Promise<number> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return Promise.reject(new WebhookRefused(`"${target}" is not a URL.`));
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return Promise.reject(new WebhookRefused("Webhooks use http or https URLs."));
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) && isPrivateAddress(host) && !opts.allowPrivate)
    return Promise.reject(
      new WebhookRefused(`${host} is a private address; webhooks go to public hosts only.`),
    );
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          ...headers,
        },
        lookup: guardedLookup(opts.allowPrivate),
        timeout: opts.timeoutMs,
      },
      (res) => {
        // The start of the answer is kept: Slack's incoming webhooks say why in it ("no_service").
        let answer = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          if (answer.length < 200) answer += chunk;
        });
        res.on("end", () => {
          const status = res.statusCode ?? 0;
          const said = answer.trim().slice(0, 200);
          if (status >= 200 && status < 300) resolve(status);
          else reject(new Error(`The webhook answered HTTP ${status}${said ? `: ${said}` : ""}.`));
        });
      },
    );
    req.on("timeout", () =>
      req.destroy(new Error(`The webhook did not answer within ${opts.timeoutMs / 1000} s.`)),
    );
    req.on("error", reject);
    req.end(body);
  });
}
