import { t } from "../../lib/i18n";
import { ErrorAlert } from "./error-alert";
import type { ErrorMessageProps } from "./types";

export function NetworkErrorMessage({ error, subtitle }: ErrorMessageProps) {
  return (
    <ErrorAlert
      title={t("Network error")}
      level={error.level}
      subtitle={subtitle ?? t("The server could not be reached. Check your connection and try again.")}
    />
  );
}
