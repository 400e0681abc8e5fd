import { readdirSync, readFileSync } from "node:fs";

export interface BrowserMemory {
  processes: number;
  /** Sum of the processes' current resident memory, in MiB (shared pages counted in each). */
  rssMiB: number;
  /** Current proportional set size (shared pages split between processes), in MiB: the real footprint. */
  pssMiB: number;
  /** Sum of the processes' peak resident memory (VmHWM), in MiB: an upper bound of the peak. */
  peakMiB: number;
}

const field = (status: string, name: string) =>
  Number(status.match(new RegExp(`^${name}:\\s+(\\d+)`, "m"))?.[1] ?? 0);

/**
 * Memory of the browser processes this process started (its descendants whose command names
 * Chromium), read from /proc. Undefined where /proc is not readable (not Linux).
 */
export function browserMemory(rootPid = process.pid): BrowserMemory | undefined {
  let pids: number[];
  try {
    pids = readdirSync("/proc")
      .filter((d) => /^\d+$/.test(d))
      .map(Number);
  } catch {
    return undefined;
  }
  const parent = new Map<number, number>();
  const name = new Map<number, string>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      name.set(pid, stat.slice(stat.indexOf("(") + 1, close));
      parent.set(pid, Number(stat.slice(close + 2).split(" ")[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  const descends = (pid: number) => {
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p)) if (p === rootPid) return true;
    return false;
  };
  const memory: BrowserMemory = { processes: 0, rssMiB: 0, pssMiB: 0, peakMiB: 0 };
  for (const [pid, comm] of name) {
    if (!/chrom/i.test(comm) || !descends(pid)) continue;
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      memory.processes++;
      memory.rssMiB += field(status, "VmRSS") / 1024;
      memory.peakMiB += field(status, "VmHWM") / 1024;
      memory.pssMiB += field(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"), "Pss") / 1024;
    } catch {
      // The process ended while we looked.
    }
  }
  memory.rssMiB = Math.round(memory.rssMiB);
  memory.pssMiB = Math.round(memory.pssMiB);
  memory.peakMiB = Math.round(memory.peakMiB);
  return memory;
}
