import type { EngineName } from "@strata/contracts";
import { ATHENA_SPEC } from "./athena/spec.ts";
import { DUCKDB_SPEC } from "./duckdb/spec.ts";
import type { EngineSpec } from "./engine-spec.ts";
import { POSTGRES_SPEC } from "./postgres/spec.ts";

/** Every engine's spec, in the order Superset's connection form lists them. Pure: loads no driver. */
export const ENGINE_SPECS: readonly EngineSpec[] = [POSTGRES_SPEC, DUCKDB_SPEC, ATHENA_SPEC];

const BY_NAME: Readonly<Record<EngineName, EngineSpec>> = {
  duckdb: DUCKDB_SPEC,
  postgresql: POSTGRES_SPEC,
  awsathena: ATHENA_SPEC,
};

/** The spec of a backend id; undefined for an id Strata does not know. */
export function findEngineSpec(engine: string): EngineSpec | undefined {
  return Object.hasOwn(BY_NAME, engine) ? BY_NAME[engine as EngineName] : undefined;
}

/** The spec of an engine Strata runs. */
export function engineSpec(engine: EngineName): EngineSpec {
  return BY_NAME[engine];
}

/** The engine a SQLAlchemy URI scheme (the part before `+driver`) names, if any. */
export function specForUriScheme(scheme: string): EngineSpec | undefined {
  const lower = scheme.toLowerCase();
  return ENGINE_SPECS.find((spec) => spec.uriSchemes.includes(lower));
}
