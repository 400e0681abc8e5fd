import { dirname, join } from "node:path";
import {
  type ConfigContext,
  type EngineConfig,
  type QueryEngine,
  engineSpec,
  findEngineSpec,
} from "@strata/engines";
import { badRequest } from "../errors.ts";
import type { SecretBox } from "../security/secret-box.ts";
import { registerServerPaths } from "../server-paths.ts";
import type { DatabaseEntity } from "./types.ts";

export type EngineFactory = (config: EngineConfig) => Promise<QueryEngine>;

export interface RegistryOptions {
  /** Local data directory; DuckDB files live under it. Undefined in the cloud. */
  dataDir?: string;
  /** The embedded examples DuckDB file. */
  examplesPath?: string;
  region: string;
  athenaWorkGroup?: string;
}

/**
 * Turns database entities into live engines, one per connection, reused across requests.
 * DuckDB engines are shared per file: a file may be opened once per process.
 */
export class EngineRegistry {
  private readonly live = new Map<string, Promise<QueryEngine>>();

  constructor(
    private readonly factory: EngineFactory,
    private readonly box: SecretBox,
    private readonly opts: RegistryOptions,
  ) {
    // Engine errors name files under these; they are cut from what users see (server-paths.ts).
    registerServerPaths(opts.dataDir, opts.examplesPath && dirname(opts.examplesPath));
  }

  configFor(
    db: Pick<DatabaseEntity, "engine" | "parameters" | "sealed_password" | "builtin">,
    plainPassword?: string,
  ): EngineConfig {
    const spec = findEngineSpec(db.engine);
    if (!spec) throw badRequest(`Unknown engine ${String(db.engine)}`);
    // The built-in examples database is the embedded examples file, whatever its parameters say.
    if (db.builtin && this.opts.examplesPath && spec.capabilities.localOnly) {
      const examples = this.context(db, plainPassword, this.opts.examplesPath);
      return spec.configFor({ path: "examples.duckdb" }, examples);
    }
    return spec.configFor(db.parameters, this.context(db, plainPassword));
  }

  private context(
    db: Pick<DatabaseEntity, "sealed_password">,
    plainPassword: string | undefined,
    fixedFile?: string,
  ): ConfigContext {
    const box = this.box;
    return {
      // Opened only by engines that use a password.
      get password() {
        return plainPassword ?? (db.sealed_password ? box.open(db.sealed_password) : undefined);
      },
      region: this.opts.region,
      athenaWorkGroup: this.opts.athenaWorkGroup,
      localFile: (file) => fixedFile ?? this.localFile(file),
    };
  }

  private localFile(file: string): string {
    if (!this.opts.dataDir) throw badRequest("DuckDB files are only available when Strata runs locally");
    if (!/^[A-Za-z0-9_-]{1,64}\.duckdb$/.test(file)) {
      throw badRequest({
        path: ["The file name may use letters, digits, _ and -, and must end with .duckdb"],
      });
    }
    return join(this.opts.dataDir, "databases", file);
  }

  private keyFor(db: DatabaseEntity, config: EngineConfig): string {
    const file = engineSpec(config.engine).sharedFile(config);
    return file ? `duckdb:${file}` : `db:${db.id}:${db.version}`;
  }

  async forDatabase(db: DatabaseEntity): Promise<QueryEngine> {
    const config = this.configFor(db);
    const key = this.keyFor(db, config);
    let engine = this.live.get(key);
    if (!engine) {
      // Drop engines of older versions of this database.
      for (const k of this.live.keys()) {
        if (k.startsWith(`db:${db.id}:`)) this.closeKey(k);
      }
      engine = this.factory(config);
      engine.catch(() => this.live.delete(key));
      this.live.set(key, engine);
    }
    return engine;
  }

  /** A short-lived engine for testing a connection that is not saved yet. */
  async probe<T>(config: EngineConfig, use: (engine: QueryEngine) => Promise<T>): Promise<T> {
    const file = engineSpec(config.engine).sharedFile(config);
    if (file) {
      const shared = this.live.get(`duckdb:${file}`);
      if (shared) return use(await shared);
    }
    const engine = await this.factory(config);
    try {
      return await use(engine);
    } finally {
      await engine.close().catch(() => undefined);
    }
  }

  forget(db: DatabaseEntity): void {
    for (const k of [...this.live.keys()]) if (k.startsWith(`db:${db.id}:`)) this.closeKey(k);
  }

  private closeKey(key: string): void {
    const engine = this.live.get(key);
    this.live.delete(key);
    engine?.then((e) => e.close()).catch(() => undefined);
  }

  async closeAll(): Promise<void> {
    const all = [...this.live.values()];
    this.live.clear();
    await Promise.all(all.map((e) => e.then((x) => x.close()).catch(() => undefined)));
  }
}
