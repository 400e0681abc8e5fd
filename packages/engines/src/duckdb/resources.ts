import os from "node:os";

/**
 * How much of the machine one DuckDB instance that runs user SQL may use. Without limits DuckDB
 * takes ~80% of RAM and every core, so one hostile GROUP BY grows the server by gigabytes and
 * starves the Node event loop of CPU (`/health` stalls for seconds). With `memory_limit`, DuckDB
 * spills what it can to its temp directory (under the database file, in DATA_DIR/databases) and
 * fails the query with an out-of-memory error otherwise — the process survives.
 */
export interface DuckDbResources {
  /** DUCKDB_MEMORY_LIMIT: DuckDB's `memory_limit` per open database file (e.g. `4GB`). */
  memoryLimit: string;
  /** DUCKDB_THREADS: DuckDB's `threads` per open database file. */
  threads: number;
  /** DUCKDB_MAX_TEMP_DIRECTORY_SIZE: how much a database's spill files may take on disk. */
  maxTempDirectorySize: string;
}

const SIZE = /^\s*(\d+(?:\.\d+)?)\s*(B|KB|MB|GB|TB|KIB|MIB|GIB|TIB)\s*$/i;

function size(name: string, raw: string): string {
  const m = SIZE.exec(raw);
  if (!m || Number(m[1]) <= 0)
    throw new Error(`${name} must be a size such as "2GB" or "512MiB", not "${raw}".`);
  return `${m[1]}${m[2].toUpperCase().replace("I", "i")}`;
}

/**
 * Defaults relative to the machine: a quarter of its memory, and every core but one, so the event
 * loop (HTTP, the stand-ins) keeps a core while DuckDB works. A bad value stops the start.
 */
export function duckDbResourcesFromEnv(
  env: Record<string, string | undefined> = process.env,
): DuckDbResources {
  const cores = os.availableParallelism?.() ?? os.cpus().length;
  const quarterMb = Math.max(256, Math.floor(os.totalmem() / 4 / 1024 / 1024));
  const threadsRaw = env.DUCKDB_THREADS;
  let threads = Math.max(1, cores - 1);
  if (threadsRaw !== undefined && threadsRaw !== "") {
    threads = Number(threadsRaw);
    if (!Number.isInteger(threads) || threads < 1)
      throw new Error(`DUCKDB_THREADS must be a positive whole number, not "${threadsRaw}".`);
  }
  return {
    memoryLimit: env.DUCKDB_MEMORY_LIMIT
      ? size("DUCKDB_MEMORY_LIMIT", env.DUCKDB_MEMORY_LIMIT)
      : `${quarterMb}MB`,
    threads,
    maxTempDirectorySize: env.DUCKDB_MAX_TEMP_DIRECTORY_SIZE
      ? size("DUCKDB_MAX_TEMP_DIRECTORY_SIZE", env.DUCKDB_MAX_TEMP_DIRECTORY_SIZE)
      : "10GB",
  };
}

/** The DuckDB settings for those resources (applied when an instance opens; the sandbox locks them). */
export function duckDbResourceSettings(r: DuckDbResources): Record<string, string> {
  return {
    memory_limit: r.memoryLimit,
    threads: String(r.threads),
    max_temp_directory_size: r.maxTempDirectorySize,
  };
}
