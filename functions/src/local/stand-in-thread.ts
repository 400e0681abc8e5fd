import { once } from "node:events";
import { Worker } from "node:worker_threads";
import type { StandIns } from "./stand-ins.ts";

type Started = Pick<StandIns, "endpoints" | "credentials">;

/**
 * The stand-ins for DynamoDB, S3 and SQS on a thread of their own in this process. The server
 * reaches them over loopback HTTP through the AWS SDK wherever they run, and their work is
 * mostly CPU: parsing and validating requests, LevelDB, index upkeep. On the server's own
 * thread, that work queued in front of requests: a fast SQL Lab run stores its record after its
 * reply, and a batch of those records held up the next replies. On their own thread, the
 * stand-ins use the machine's other core.
 *
 * A failure of that thread is thrown on the main thread, as it was when the stand-ins shared it:
 * the server cannot work without them.
 */
export async function startStandInThread(dataDir?: string): Promise<StandIns> {
  const worker = new Worker(new URL("./stand-in-worker-boot.mjs", import.meta.url), {
    workerData: { dataDir },
  });
  let closing = false;
  const stopped = new Promise<never>((_, reject) => {
    worker.on("error", reject);
    worker.on("exit", (code) => {
      if (!closing) reject(new Error(`The AWS stand-ins' thread stopped (exit code ${code}).`));
    });
  });
  const [started] = (await Promise.race([once(worker, "message"), stopped])) as [Started];
  // From here on, a failure has no caller waiting for it: it is the process's.
  stopped.catch((e: unknown) => {
    throw e;
  });
  return {
    ...started,
    async close() {
      closing = true;
      worker.postMessage("close");
      await Promise.race([once(worker, "message"), once(worker, "exit")]);
      await worker.terminate();
    },
  };
}
