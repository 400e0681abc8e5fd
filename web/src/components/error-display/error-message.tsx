import type { SupersetError } from "@strata/contracts";
import { getErrorComponent } from "./error-registry";
import { GenericErrorMessage } from "./generic-error";
import type { ErrorMessageProps } from "./types";

/**
 * Renders one Superset error through the registry keyed by error_type; an optional catalogue can
 * override messages per type (a custom server error catalogue).
 */
export function ErrorMessage(props: ErrorMessageProps & { catalogue?: Record<string, string> }) {
  const { catalogue, ...rest } = props;
  const override = catalogue?.[props.error.error_type];
  const error: SupersetError = override ? { ...props.error, message: override } : props.error;
  const Component = getErrorComponent(error.error_type) ?? GenericErrorMessage;
  return <Component {...rest} error={error} />;
}
