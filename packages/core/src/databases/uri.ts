import { type DatabaseParameters, type EngineName, PASSWORD_MASK } from "@strata/contracts";
import { badRequest } from "../errors.ts";

const SCHEMES: Record<string, EngineName> = {
  duckdb: "duckdb",
  postgresql: "postgresql",
  postgres: "postgresql",
  awsathena: "awsathena",
};

/** Reads a SQLAlchemy-style URI (`postgresql+psycopg2://u:p@h:5432/db`) into engine + parameters. */
export function parseUri(uri: string): { engine: EngineName; parameters: DatabaseParameters } {
  const m = /^([a-z0-9]+)(?:\+[a-z0-9_]+)?:\/\/(.*)$/i.exec(uri.trim());
  const engine = m ? SCHEMES[m[1].toLowerCase()] : undefined;
  if (!m || !engine) {
    throw badRequest({
      sqlalchemy_uri: [
        "Invalid connection string: use duckdb:///file.duckdb, postgresql://user:password@host:5432/database or awsathena+rest://…",
      ],
    });
  }
  if (engine === "duckdb") {
    const path = m[2].replace(/^\//, "");
    return { engine, parameters: { path: path || ":memory:" } };
  }
  let url: URL;
  try {
    url = new URL(`http://${m[2]}`);
  } catch {
    throw badRequest({ sqlalchemy_uri: ["Invalid connection string: it could not be parsed as a URL"] });
  }
  const query = Object.fromEntries(url.searchParams.entries());
  const decode = (s: string) => decodeURIComponent(s);
  if (engine === "awsathena") {
    const region = /^athena\.([a-z0-9-]+)\.amazonaws\.com$/.exec(url.hostname)?.[1] ?? url.hostname;
    return {
      engine,
      parameters: {
        region_name: region,
        schema_name: decode(url.pathname.replace(/^\//, "")) || undefined,
        s3_staging_dir: query.s3_staging_dir,
        work_group: query.work_group,
      },
    };
  }
  return {
    engine,
    parameters: {
      host: url.hostname,
      port: url.port ? Number(url.port) : 5432,
      username: decode(url.username),
      password: url.password ? decode(url.password) : undefined,
      database: decode(url.pathname.replace(/^\//, "")),
      query,
    },
  };
}

/** The URI shown to users: the password is always masked. */
export function displayUri(engine: EngineName, p: DatabaseParameters, hasPassword: boolean): string {
  const enc = encodeURIComponent;
  switch (engine) {
    case "duckdb":
      return `duckdb:///${p.path ?? ":memory:"}`;
    case "postgresql": {
      const auth = p.username ? `${enc(p.username)}${hasPassword ? `:${PASSWORD_MASK}` : ""}@` : "";
      const q = new URLSearchParams(p.query ?? {}).toString();
      return `postgresql://${auth}${p.host ?? ""}${p.port ? `:${p.port}` : ""}/${enc(p.database ?? "")}${q ? `?${q}` : ""}`;
    }
    case "awsathena": {
      const q = new URLSearchParams({
        ...(p.s3_staging_dir ? { s3_staging_dir: p.s3_staging_dir } : {}),
        ...(p.work_group ? { work_group: p.work_group } : {}),
      }).toString();
      return `awsathena+rest://athena.${p.region_name ?? "us-east-1"}.amazonaws.com/${p.schema_name ?? ""}${q ? `?${q}` : ""}`;
    }
    default: {
      const never: never = engine;
      return String(never);
    }
  }
}
