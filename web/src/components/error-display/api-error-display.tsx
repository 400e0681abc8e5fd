import { ErrorType } from "@strata/contracts";
import { ApiError } from "../../lib/api-error";
import { t } from "../../lib/i18n";
import { ErrorMessage } from "./error-message";
import type { ErrorSource } from "./types";

/** Shows anything a call rejected with: structured errors by type, otherwise the message. */
export function ApiErrorDisplay({
  error,
  source = "crud",
  onRetry,
}: {
  error: unknown;
  source?: ErrorSource;
  onRetry?: () => void;
}) {
  if (error instanceof ApiError) {
    const first = error.firstError;
    const subtitle =
      error.errors.length === 0 && error.status ? `${error.statusText}: ${error.message}` : undefined;
    return <ErrorMessage error={first} source={source} onRetry={onRetry} subtitle={subtitle} />;
  }
  const message = error instanceof Error ? error.message : t("An error occurred");
  return (
    <ErrorMessage
      error={{ error_type: ErrorType.GENERIC_BACKEND_ERROR, message, level: "error" }}
      source={source}
    />
  );
}
