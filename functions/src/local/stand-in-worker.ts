import { parentPort, workerData } from "node:worker_threads";
import { startStandIns } from "./stand-ins.ts";

/**
 * The body of the stand-ins' thread (see `startStandInThread`): starts them, says where they
 * listen, and closes them when asked.
 */
const port = parentPort;
if (!port) throw new Error("stand-in-worker.ts runs only as a worker thread (startStandInThread).");
const standIns = await startStandIns((workerData as { dataDir?: string }).dataDir);
port.on("message", (message: unknown) => {
  if (message !== "close") return;
  void standIns.close().then(() => port.postMessage("closed"));
});
port.postMessage({ endpoints: standIns.endpoints, credentials: standIns.credentials });
