// The stand-ins' thread starts here (see stand-in-thread.ts): a worker in Node 20 does not take
// the parent's `--import tsx` hooks, so it registers tsx itself before loading TypeScript.
import { register } from "tsx/esm/api";

register();
await import("./stand-in-worker.ts");
