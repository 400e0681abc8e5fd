import { t } from "../../lib/i18n";
import { ErrorAlert } from "./error-alert";
import type { ErrorMessageProps } from "./types";

export function DatasetNotFoundErrorMessage({ error, subtitle }: ErrorMessageProps) {
  return <ErrorAlert title={t("Missing dataset")} level={error.level} subtitle={subtitle ?? error.message} />;
}
