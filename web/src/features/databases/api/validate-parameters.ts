import { ErrorType, type SupersetError, type ValidateParameters } from "@strata/contracts";
import { apiPost } from "../../../lib/api-client";
import { isApiError } from "../../../lib/api-error";
import { t, translatable } from "../../../lib/i18n";

/** The form's parameters as sent: always those of the dynamic form. */
export type ValidateParametersBody = ValidateParameters & {
  parameters: Record<string, unknown>;
  configuration_method: "dynamic_form";
};

/** Only these error types are shown while typing (001 §5); all of them when forced. */
const SHOWN_TYPES: string[] = [
  ErrorType.CONNECTION_MISSING_PARAMETERS_ERROR,
  ErrorType.CONNECTION_ACCESS_DENIED_ERROR,
  ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR,
];

export const REQUIRED_FIELD = translatable("This is a required field");

interface ValidationExtra {
  invalid?: string[];
  missing?: string[];
  catalog?: { idx?: number; name?: string; url?: string };
  issue_codes?: { code: number; message: string }[];
}

/** Field → message; "_general" holds messages not tied to a field. */
export type ParameterErrors = Record<string, string>;

/** Maps validate_parameters errors to field messages: invalid → the message, missing → required. */
export function toParameterErrors(errors: SupersetError[], force = false): ParameterErrors {
  const out: ParameterErrors = {};
  for (const error of errors) {
    if (!force && !SHOWN_TYPES.includes(error.error_type)) continue;
    const extra = (error.extra ?? {}) as ValidationExtra;
    for (const field of extra.missing ?? []) out[field] = t(REQUIRED_FIELD);
    for (const field of extra.invalid ?? []) out[field] = error.message;
    if (extra.catalog?.idx !== undefined) {
      const base = `catalog.${extra.catalog.idx}`;
      if (extra.catalog.name) out[`${base}.name`] = extra.catalog.name;
      if (extra.catalog.url) out[`${base}.url`] = extra.catalog.url;
    }
    if (!extra.missing?.length && !extra.invalid?.length && extra.catalog?.idx === undefined) {
      out._general = error.message;
    }
  }
  return out;
}

/** POST /api/v1/database/validate_parameters/ → 200 {message:"OK"} or 422 {errors}. Resolves to field errors. */
export async function validateParameters(
  body: ValidateParametersBody,
  force = false,
): Promise<ParameterErrors> {
  try {
    await apiPost<{ message: string }>("/api/v1/database/validate_parameters/", body);
    return {};
  } catch (err) {
    if (isApiError(err) && err.errors.length > 0) return toParameterErrors(err.errors, force);
    throw err;
  }
}
