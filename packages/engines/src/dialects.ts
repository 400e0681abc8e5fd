import type { EngineName } from "@strata/contracts";
import type { Dialect } from "./dialect-base.ts";
import { findEngineSpec } from "./specs.ts";

export { type Dialect, TIME_GRAIN_NAMES } from "./dialect-base.ts";
export { ATHENA_DIALECT } from "./athena/dialect.ts";
export { DUCKDB_DIALECT } from "./duckdb/dialect.ts";
export { POSTGRES_DIALECT } from "./postgres/dialect.ts";

/** The SQL dialect of an engine (its spec's). */
export function dialectFor(engine: EngineName): Dialect {
  const spec = findEngineSpec(engine);
  if (!spec) throw new Error(`No dialect for engine ${String(engine)}`);
  return spec.dialect;
}
