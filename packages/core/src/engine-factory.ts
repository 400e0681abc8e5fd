/**
 * What the runtimes need to build the engines core runs on. Core is the one way into the
 * engines for the entry points (local server, Lambda): they choose endpoints and configuration,
 * core and its engines do the rest.
 */
export {
  createEngine,
  type DuckDbResources,
  duckDbResourcesFromEnv,
  EXAMPLE_TABLES,
  type FileReadOptions,
  loadExamples,
} from "@strata/engines";
