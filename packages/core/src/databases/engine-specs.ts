import type { AvailableEngine, DatabaseParameters, EngineName, SupersetError } from "@strata/contracts";
import { ErrorType } from "@strata/contracts";
import { ENGINE_SPECS, type EngineCapabilities, engineSpec as specOf, findEngineSpec } from "@strata/engines";

/** What `GET /api/v1/database/available/` lists: the engines this build can connect to. */
export const AVAILABLE_ENGINES: AvailableEngine[] = ENGINE_SPECS.map((spec) => spec.available);

/** The available-engines entry of a backend id, if Strata knows it. */
export function engineSpec(engine: string): AvailableEngine | undefined {
  return findEngineSpec(engine)?.available;
}

/** Static checks of connection parameters, as Superset's validate_parameters reports them. */
export function checkParameters(engine: EngineName, params: DatabaseParameters): SupersetError[] {
  const spec = specOf(engine);
  const errors: SupersetError[] = [];
  const missing = spec.available.parameters.required.filter((name) => {
    const value = (params as Record<string, unknown>)[name];
    return value === undefined || value === null || value === "";
  });
  if (missing.length) {
    errors.push({
      error_type: ErrorType.CONNECTION_MISSING_PARAMETERS_ERROR,
      message: `One or more parameters are missing: ${missing.join(", ")}`,
      level: "warning",
      extra: {
        missing,
        issue_codes: [
          {
            code: 1018,
            message: "Issue 1018 - One or more parameters needed to configure a database are missing.",
          },
        ],
      },
    });
  }
  return [...errors, ...spec.checkParameters(params)];
}

/** What an engine can do (async preference, cost estimates, uploads …), so callers need not compare names. */
export function capabilitiesOf(engine: EngineName): EngineCapabilities {
  return specOf(engine).capabilities;
}
