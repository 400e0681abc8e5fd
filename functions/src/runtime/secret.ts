import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The signing secret: SECRET_KEY if set, else generated on first start and kept in the data
 * directory (mode 0600). There is no default secret anywhere.
 */
export function localSecret(dataDir: string, env = process.env): string {
  if (env.SECRET_KEY) {
    if (env.SECRET_KEY.length < 32) throw new Error("SECRET_KEY must have at least 32 characters.");
    return env.SECRET_KEY;
  }
  const file = join(dataDir, "secret.key");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
  return secret;
}
