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
/**
 * Superset's SSH prompts ("Must provide a password for the ssh tunnel", …) are never sent: Strata
 * connects to databases directly, so a tunnelled database is refused with this instead.
 */
export const NO_SSH_TUNNELS =
  'This database connects through an SSH tunnel, which Strata does not support. Remove "ssh_tunnel" from this file and make the database reachable directly from Strata, then import again.';

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
