import { dirname, join } from "node:path";
import type { DatabaseParameters, EngineName } from "@strata/contracts";
import type { EngineConfig, QueryEngine } from "@strata/engines";
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
    const p = db.parameters;
    const engine: EngineName = db.engine;
    switch (engine) {
      case "duckdb":
        return { engine, path: this.duckdbPath(p, db.builtin) };
      case "postgresql":
        return {
          engine,
          host: p.host ?? "",
          port: Number(p.port ?? 5432),
          user: p.username ?? "",
          password: plainPassword ?? (db.sealed_password ? this.box.open(db.sealed_password) : undefined),
          database: p.database ?? "",
          ssl: p.encryption ?? false,
        };
      case "awsathena":
        return {
          engine,
          region: p.region_name ?? this.opts.region,
          workGroup: p.work_group ?? this.opts.athenaWorkGroup,
          outputLocation: p.s3_staging_dir,
          schema: p.schema_name,
        };
      default: {
        const never: never = engine;
        throw badRequest(`Unknown engine ${String(never)}`);
      }
    }
  }

  private duckdbPath(p: DatabaseParameters, builtin?: boolean): string {
    if (builtin && this.opts.examplesPath) return this.opts.examplesPath;
    const file = p.path ?? ":memory:";
    if (file === ":memory:") return file;
    if (!this.opts.dataDir) throw badRequest("DuckDB files are only available when Strata runs locally");
    if (!/^[A-Za-z0-9_-]{1,64}\.duckdb$/.test(file)) {
      throw badRequest({
        path: ["The file name may use letters, digits, _ and -, and must end with .duckdb"],
      });
    }
    return join(this.opts.dataDir, "databases", file);
  }

  private keyFor(db: DatabaseEntity, config: EngineConfig): string {
    return config.engine === "duckdb" && config.path !== ":memory:"
      ? `duckdb:${config.path}`
      : `db:${db.id}:${db.version}`;
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
    if (config.engine === "duckdb" && config.path !== ":memory:") {
      const shared = this.live.get(`duckdb:${config.path}`);
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
