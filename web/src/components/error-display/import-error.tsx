import { t } from "../../lib/i18n";
import { ErrorAlert } from "./error-alert";
import type { ErrorMessageProps } from "./types";

/** Import failures (e.g. a bundle naming an engine whose driver is missing). */
export function ImportErrorMessage({ error, subtitle }: ErrorMessageProps) {
  return (
    <ErrorAlert
      title={t("Import Error")}
      level={error.level}
      subtitle={subtitle ?? error.message}
      body={t("The database driver needed for this import may not be installed.")}
    />
  );
}
