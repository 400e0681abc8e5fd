import { startStandInThread } from "./local/stand-in-thread.ts";
import { dataDirFromEnv } from "./runtime/data-dir.ts";
import { keepDataDirPrivate } from "./runtime/private-files.ts";

// Node 20 is this project's runtime (STACK.md); the SDK's advance notice about Node 22 is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

/**
 * `npm start`: the API, the built SPA from memory, the worker loop and the AWS stand-ins in one
 * process. The stand-ins' thread starts before anything else is loaded (this file imports only
 * what that takes), so it boots while this thread loads the server.
 */
async function main() {
  const dataDir = dataDirFromEnv();
  keepDataDirPrivate(dataDir);
  const standIns = startStandInThread(dataDir);
  // Until the runtime awaits it, a failed start must not count as an unhandled rejection.
  standIns.catch(() => undefined);
  const { serveLocal } = await import("./local-server.ts");
  await serveLocal(standIns);
}

main().catch((err) => {
  console.error(`Strata failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
