import { t } from "../../lib/i18n";
import { ErrorAlert } from "./error-alert";
import type { ErrorMessageProps } from "./types";

/** Fallback for error types without a dedicated component. */
export function GenericErrorMessage({ error, subtitle }: ErrorMessageProps) {
  return (
    <ErrorAlert title={t("Unexpected error")} level={error.level} subtitle={subtitle ?? error.message} />
  );
}
