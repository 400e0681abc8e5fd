/**
 * How a host page hands the embedded dashboard its guest token:
 * - Superset's embedded SDK: `{type: "__embedded_comms__", handshake: "port transfer"}` with a
 *   MessagePort, then `{switchboardAction: "emit", method: "guestToken", args: {guestToken}}` on it;
 * - a plain `{type: "guestToken", guestToken}` posted to the window.
 * Window messages count only from this origin or an allowed domain of the embed config.
 */

export const COMMS_TYPE = "__embedded_comms__";

/** `https://host.example/` and `https://host.example` both name the origin `https://host.example`. */
export function originOf(domain: string): string | null {
  try {
    return new URL(domain.trim()).origin;
  } catch {
    return null;
  }
}

export function isAllowedOrigin(origin: string, allowedDomains: string[], selfOrigin: string): boolean {
  if (!origin || origin === "null") return false;
  if (origin === selfOrigin) return true;
  return allowedDomains.some((d) => originOf(d) === origin);
}

type Dict = Record<string, unknown>;
const isDict = (v: unknown): v is Dict => typeof v === "object" && v !== null;

/** The token of a plain window message, else null. */
export function tokenFromWindowMessage(data: unknown): string | null {
  if (!isDict(data) || data.type !== "guestToken") return null;
  return typeof data.guestToken === "string" && data.guestToken ? data.guestToken : null;
}

/** The token of a switchboard message on the transferred port, else null. */
export function tokenFromPortMessage(data: unknown): string | null {
  if (!isDict(data) || data.switchboardAction !== "emit" || data.method !== "guestToken") return null;
  const args = data.args;
  return isDict(args) && typeof args.guestToken === "string" && args.guestToken ? args.guestToken : null;
}

export function isPortTransfer(data: unknown): boolean {
  return isDict(data) && data.type === COMMS_TYPE && data.handshake === "port transfer";
}

/** Where a host talked to us from: its (allowed) origin and, with the SDK, the transferred port. */
export interface HostChannel {
  origin: string;
  port?: MessagePort;
}

/**
 * Listens on `win` for guest tokens (every token, refreshes included, goes to onToken).
 * onHost (optional) learns the allowed origin of each port transfer (with the port) and of each
 * plain token message. Returns the unsubscribe function.
 */
export function listenForGuestToken(
  win: Window,
  allowedDomains: string[],
  onToken: (token: string) => void,
  onHost?: (host: HostChannel) => void,
): () => void {
  const ports: MessagePort[] = [];
  const onPortMessage = (event: MessageEvent) => {
    const token = tokenFromPortMessage(event.data);
    if (token) onToken(token);
  };
  const onMessage = (event: MessageEvent) => {
    if (!isAllowedOrigin(event.origin, allowedDomains, win.location.origin)) return;
    if (isPortTransfer(event.data)) {
      const port = event.ports?.[0];
      if (!port) return;
      port.onmessage = onPortMessage;
      port.start?.();
      ports.push(port);
      onHost?.({ origin: event.origin, port });
      return;
    }
    const token = tokenFromWindowMessage(event.data);
    if (!token) return;
    onHost?.({ origin: event.origin });
    onToken(token);
  };
  win.addEventListener("message", onMessage);
  return () => {
    win.removeEventListener("message", onMessage);
    for (const port of ports) port.close();
  };
}
