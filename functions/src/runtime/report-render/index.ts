import { join } from "node:path";
import { loadSpa } from "../../http/spa.ts";
import { ChromiumReportRenderer } from "./chromium-report-renderer.ts";

export { ChromiumReportRenderer, timeLimitMessage } from "./chromium-report-renderer.ts";
export { findChromium, NO_CHROMIUM } from "./find-chromium.ts";
export { browserMemory } from "./browser-memory.ts";

/**
 * The renderer of a server that has the built SPA on disk (the local runtime): the browser starts
 * with the first PNG or PDF report, and the SPA's files are read once then.
 */
export function localReportRenderer(
  projectRoot: string,
  log?: (line: string) => void,
  env: NodeJS.ProcessEnv = process.env,
): ChromiumReportRenderer {
  return new ChromiumReportRenderer({ spa: () => loadSpa(join(projectRoot, "web", "dist")), log, env });
}

/**
 * The worker Lambda's renderer: only where a Chromium is provided (a layer, at CHROMIUM_PATH),
 * drawing the SPA bundled next to the function (`web/dist`, copied in by the stack). Undefined
 * otherwise: PNG and PDF reports then end Error saying a browser is needed.
 */
export function cloudReportRenderer(
  env: NodeJS.ProcessEnv = process.env,
): ChromiumReportRenderer | undefined {
  if (!env.CHROMIUM_PATH) return undefined;
  const root = env.LAMBDA_TASK_ROOT ?? process.cwd();
  return new ChromiumReportRenderer({
    spa: () => loadSpa(join(root, "web", "dist")),
    executablePath: env.CHROMIUM_PATH,
    log: (line) => console.log(line),
  });
}
