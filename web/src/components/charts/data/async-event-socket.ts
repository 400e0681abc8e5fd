import {
  ASYNC_EVENTS_GUEST_PROTOCOL,
  type AsyncEvent,
  type AsyncEventsResume,
  WS_MAX_RECONNECTS,
  WS_RECONNECT_DELAY_MS,
} from "@strata/contracts";

/** The part of the browser's WebSocket this transport uses (tests hand in a fake). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: "open" | "close" | "error", fn: () => void): void;
  addEventListener(type: "message", fn: (e: { data: unknown }) => void): void;
}

export type SocketFactory = (url: string, protocols: string[]) => SocketLike;

export interface EventSocketOptions {
  /** GLOBAL_ASYNC_QUERIES_WEBSOCKET_URL: absolute `ws(s)://…`, or a path on the page's origin. */
  url: string;
  /** The last event id handled, sent as `last_id` so the server replays what came after it. */
  lastId: () => string | null;
  /** An embedded page's guest token (offered as a subprotocol; browsers can't set headers). */
  guestToken: () => string | undefined;
  onEvent: (event: AsyncEvent) => void;
  /** Called once when reconnecting failed WS_MAX_RECONNECTS times in a row: poll from now on. */
  onGiveUp: () => void;
  /** Whether anything is waiting for an event: a socket closed while idle reconnects lazily. */
  wanted: () => boolean;
  createSocket?: SocketFactory;
}

const OPEN = 1;

/** A path becomes a URL on the page's origin, `ws:` or `wss:` as the page is http or https. */
export function socketUrl(url: string, lastId: string | null, origin = window.location): string {
  const u = /^wss?:\/\//.test(url)
    ? new URL(url)
    : new URL(url, `${origin.protocol === "https:" ? "wss:" : "ws:"}//${origin.host}`);
  if (lastId) u.searchParams.set("last_id", lastId);
  return u.toString();
}

function isEvent(value: unknown): value is AsyncEvent {
  const e = value as Partial<AsyncEvent> | null;
  return !!e && typeof e.id === "string" && typeof e.job_id === "string" && typeof e.status === "string";
}

/**
 * The WebSocket transport for async events (000 §4, §9): one socket per page, opened when a job
 * is first awaited. After a close it reconnects 2.5 s later with the last handled `last_id` (the
 * server replays what came after); WS_MAX_RECONNECTS failed tries in a row — no open in between —
 * hand over to polling for the rest of the page's life. A close while nothing waits doesn't
 * reconnect until something does, so an idle page costs nothing.
 */
export class AsyncEventSocket {
  private socket: SocketLike | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Reconnects tried since the last successful open. */
  private failures = 0;
  private gaveUp = false;
  private stopped = false;

  constructor(private readonly opts: EventSocketOptions) {}

  get givenUp(): boolean {
    return this.gaveUp;
  }

  /** Opens the socket unless it is open, opening, waiting to retry, or has given up. */
  ensure(): void {
    if (this.gaveUp || this.stopped || this.socket || this.retryTimer !== undefined) return;
    this.open();
  }

  /** Closes for good (tests, page teardown). */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const s = this.socket;
    this.socket = undefined;
    s?.close(1000, "done");
  }

  private open() {
    const guest = this.opts.guestToken();
    const create: SocketFactory =
      this.opts.createSocket ?? ((url, protocols) => new WebSocket(url, protocols));
    let socket: SocketLike;
    try {
      socket = create(
        socketUrl(this.opts.url, this.opts.lastId()),
        guest ? [ASYNC_EVENTS_GUEST_PROTOCOL, guest] : [],
      );
    } catch {
      // A malformed URL or a refused scheme: counts as a failed try.
      this.closed();
      return;
    }
    this.socket = socket;
    socket.addEventListener("open", () => {
      if (this.socket !== socket) return;
      this.failures = 0;
      // API Gateway can't push during its $connect: it replays on this message instead.
      const resume: AsyncEventsResume = { action: "resume", last_id: this.opts.lastId() };
      socket.send(JSON.stringify(resume));
    });
    socket.addEventListener("message", (e) => {
      if (this.socket !== socket || typeof e.data !== "string") return;
      try {
        const event: unknown = JSON.parse(e.data);
        if (isEvent(event)) this.opts.onEvent(event);
      } catch {
        /* not an event: ignored */
      }
    });
    socket.addEventListener("error", () => {
      if (socket.readyState <= OPEN) socket.close();
    });
    socket.addEventListener("close", () => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.closed();
    });
  }

  private closed() {
    if (this.stopped) return;
    if (!this.opts.wanted()) return; // reopened by the next `ensure`
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      if (this.stopped) return;
      if (++this.failures > WS_MAX_RECONNECTS) {
        this.gaveUp = true;
        console.warn("WebSocket not available, falling back to polling for async events");
        this.opts.onGiveUp();
        return;
      }
      this.open();
    }, WS_RECONNECT_DELAY_MS);
  }
}
