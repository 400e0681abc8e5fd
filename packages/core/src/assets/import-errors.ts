import { type AssetResource, ErrorType } from "@strata/contracts";
import { AppError } from "../errors.ts";
import { withIssueCodes } from "../issue-codes.ts";

/** How Superset names each resource in import messages ("Dashboard already exists …"). */
export const MODEL_NAME: Record<AssetResource, string> = {
  dashboard: "dashboard",
  chart: "chart",
  dataset: "dataset",
  database: "database",
  saved_query: "saved query",
};

export const NEEDS_PASSWORD = "Must provide a password for the database";
export const NEEDS_SSH_PASSWORD = "Must provide a password for the ssh tunnel";
export const NEEDS_SSH_KEY = "Must provide a private key for the ssh tunnel";
export const NEEDS_SSH_KEY_PASSWORD = "Must provide a private key password for the ssh tunnel";

export const alreadyExists = (resource: AssetResource) => {
  const name = MODEL_NAME[resource];
  return `${name[0].toUpperCase()}${name.slice(1)} already exists and \`overwrite=true\` was not passed`;
};

/**
 * Superset's answer to an import it refuses: 422 with one GENERIC_COMMAND_ERROR whose `extra`
 * maps each file to its problem (a message, or `{field: [messages]}`). Clients read the password
 * prompts and the already-exists confirmation out of exactly this shape.
 */
export function importError(resource: AssetResource, byFile: Record<string, unknown>): AppError {
  const message = `Error importing ${MODEL_NAME[resource]}`;
  return new AppError(422, {
    message,
    errors: [
      {
        message,
        error_type: ErrorType.GENERIC_COMMAND_ERROR,
        level: "warning",
        extra: withIssueCodes(ErrorType.GENERIC_COMMAND_ERROR, byFile),
      },
    ],
  });
}
