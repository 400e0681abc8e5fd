import type { Server } from "node:http";
import { getHeapStatistics } from "node:v8";

/**
 * Gives memory back once a burst of requests is over.
 *
 * Under load V8 grows its old space to hold the garbage that requests in flight leave behind, and
 * afterwards keeps those pages: its memory reducer judges the allocation rate from samples taken
 * during the burst and, on a quiet server, collects only when its watchdog fires, 80–100 s later.
 * Until then the process stays a few hundred MB above its resting size. The local server knows
 * better when it is idle: with no request in flight for `idleMs`, and V8's heap grown by at least
 * `growthBytes` since the last collection here, it asks V8 for full collections (at most three,
 * a second ago each) until the heap stops shrinking.
 *
 * It needs V8's `gc` function, which `npm start` exposes with `--expose-gc`; without it this does
 * nothing. The Lambda runtime doesn't use it: a function's process is frozen between requests.
 */
export interface IdleReclaimOptions {
  /** V8's full collection (`globalThis.gc` under `--expose-gc`). */
  collect: () => void;
  /** The heap V8 holds now, in bytes. */
  heapBytes?: () => number;
  idleMs?: number;
  growthBytes?: number;
  /** How often the server's state is looked at. */
  checkEveryMs?: number;
  now?: () => number;
}

export interface IdleReclaim {
  /** Call when a request starts; the returned function when it has been answered. */
  begin(): () => void;
  /** One look at the server's state (the timer calls it; tests call it directly). */
  check(): boolean;
  stop(): void;
}

const MAX_COLLECTIONS = 3;

export function idleReclaim(opts: IdleReclaimOptions): IdleReclaim {
  const heapBytes = opts.heapBytes ?? (() => getHeapStatistics().total_heap_size);
  const now = opts.now ?? Date.now;
  const idleMs = opts.idleMs ?? 3000;
  const growth = opts.growthBytes ?? 64 * 1024 * 1024;
  let inFlight = 0;
  let lastActivity = now();
  // The heap after the last collection here (or at start): what "grown" is measured from.
  let afterLast = heapBytes();
  // Collections in this quiet spell. Like V8's own memory reducer, a second or third follows
  // while the one before still shrank the heap: each compaction moves only part of a fragmented
  // old space. Whatever stays is live, and waits for the next burst.
  let spell = 0;
  let shrank = false;

  const check = () => {
    if (inFlight > 0 || now() - lastActivity < idleMs) return false;
    const before = heapBytes();
    const afterBurst = spell === 0 && before >= afterLast + growth;
    const followUp = spell > 0 && spell < MAX_COLLECTIONS && shrank;
    if (!afterBurst && !followUp) return false;
    opts.collect();
    spell++;
    afterLast = heapBytes();
    shrank = before - afterLast >= 1024 * 1024;
    return true;
  };
  const timer = setInterval(check, opts.checkEveryMs ?? 1000);
  timer.unref();
  return {
    begin() {
      inFlight++;
      lastActivity = now();
      spell = 0;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        inFlight--;
        lastActivity = now();
      };
    },
    check,
    stop: () => clearInterval(timer),
  };
}

/** Watches the server's requests; does nothing when V8's `gc` is not exposed. */
export function reclaimWhenIdle(
  server: Server,
  tuning: Omit<IdleReclaimOptions, "collect"> = {},
): IdleReclaim | undefined {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (typeof gc !== "function") return undefined;
  const reclaim = idleReclaim({ ...tuning, collect: () => gc() });
  server.on("request", (_req, res) => {
    const end = reclaim.begin();
    res.once("close", end);
  });
  server.once("close", () => reclaim.stop());
  return reclaim;
}
