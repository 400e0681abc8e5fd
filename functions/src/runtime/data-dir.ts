import { resolve } from "node:path";

/** Where `npm start` keeps its state: DATA_DIR, else `.data` in the working directory. */
export function dataDirFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.DATA_DIR ?? ".data");
}
