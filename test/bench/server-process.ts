import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";

/**
 * The real server in its own process, as `npm start` runs it (the benches measure it from the
 * outside, so their own work never shares its event loop), and its memory from Linux /proc.
 */
export const BENCH_PASSWORD = "bench-password-123";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/** Peak and current resident memory of a process, in MB (Linux). */
export function memory(pid: number): { peak: number; rss: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { peak: kb("VmHWM") / 1024, rss: kb("VmRSS") / 1024 };
  } catch {
    return null;
  }
}

/**
 * CPU time a process has used so far, user + system, in ms (Linux /proc; clock ticks of 10 ms).
 * Per request, it says what a request costs whatever else the machine is running.
 */
export function cpuMs(pid: number): number | null {
  try {
    // Fields after the command name (which may hold spaces) start at field 3; utime, stime are 14, 15.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** Resets the peak so the next reading covers only what follows (Linux: clear_refs 5). */
export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Milliseconds from spawning the process to its first answered request (`/health`). */
  startMs: number;
  stop(): Promise<void>;
}

/** Starts `functions/src/local.ts` on a free loopback port over `dataDir`; resolves once it answers. */
export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const started = performance.now();
  // BENCH_SERVER_NODE_ARGS: extra Node flags for the server only (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
  // to see where a request's time goes; NODE_OPTIONS refuses --cpu-prof).
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
  // The same Node flags as `npm start` (--expose-gc lets the server give memory back when idle).
  const child = spawn(
    process.execPath,
    ["--expose-gc", ...extra, "--import", "tsx", "functions/src/local.ts"],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        LOAD_EXAMPLES: "false",
        ADMIN_USERNAME: "admin",
        ADMIN_PASSWORD: BENCH_PASSWORD,
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
        ...env,
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  };
  // Polled often: the time to the first answer is what the cold-start bench reports.
  for (let i = 0; i < 6000; i++) {
    if (child.exitCode !== null) throw new Error("The server exited while starting");
    if (
      await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, child, startMs: performance.now() - started, stop };
    await new Promise((r) => setTimeout(r, 10));
  }
  await stop();
  throw new Error("The server did not start within 60 s");
}

/** Logs in as the bench admin; returns the headers an API call needs. */
export async function logInHeaders(url: string): Promise<Record<string, string>> {
  const login = await fetch(`${url}/api/v1/security/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: BENCH_PASSWORD, provider: "db" }),
  });
  if (!login.ok) throw new Error(`login answered ${login.status}`);
  const { access_token } = (await login.json()) as { access_token: string };
  return { authorization: `Bearer ${access_token}`, "content-type": "application/json" };
}
