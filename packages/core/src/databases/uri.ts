import type { DatabaseParameters, EngineName } from "@strata/contracts";
import { engineSpec, specForUriScheme } from "@strata/engines";
import { badRequest } from "../errors.ts";

/** Reads a SQLAlchemy-style URI (`postgresql+psycopg2://u:p@h:5432/db`) into engine + parameters. */
export function parseUri(uri: string): { engine: EngineName; parameters: DatabaseParameters } {
  const m = /^([a-z0-9]+)(?:\+[a-z0-9_]+)?:\/\/(.*)$/i.exec(uri.trim());
  const spec = m ? specForUriScheme(m[1]) : undefined;
  if (!m || !spec) {
    throw badRequest({
      sqlalchemy_uri: [
        "Invalid connection string: use duckdb:///file.duckdb, postgresql://user:password@host:5432/database or awsathena+rest://…",
      ],
    });
  }
  const parameters = spec.parametersFromUri(m[2]);
  if (!parameters) {
    throw badRequest({ sqlalchemy_uri: ["Invalid connection string: it could not be parsed as a URL"] });
  }
  return { engine: spec.engine, parameters };
}

/** The URI shown to users: the password is always masked. */
export function displayUri(engine: EngineName, p: DatabaseParameters, hasPassword: boolean): string {
  return engineSpec(engine).displayUri(p, hasPassword);
}
