import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

export const NO_CHROMIUM =
  "PNG and PDF reports need Chromium: install it (apt-get install chromium) or set CHROMIUM_PATH";

const executable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * The Chromium to draw reports with: CHROMIUM_PATH when set (and only it: a wrong setting is an
 * error to see, not something to paper over), else Debian's /usr/bin/chromium, else `chromium`
 * or `chromium-browser` on the PATH. Undefined when there is none.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.CHROMIUM_PATH) return executable(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : undefined;
  if (executable("/usr/bin/chromium")) return "/usr/bin/chromium";
  for (const dir of (env.PATH ?? "").split(delimiter).filter(Boolean)) {
    for (const name of ["chromium", "chromium-browser"]) {
      const file = join(dir, name);
      if (executable(file)) return file;
    }
  }
  return undefined;
}

/** Debian's flags for headless Chromium in a container (no sandbox, no GPU, no background traffic). */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];
