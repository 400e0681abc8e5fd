import { Alert, Stack } from "@mantine/core";
import { t } from "../../lib/i18n";

/** The server's field messages that no field of the form shows (e.g. `chart`, `owners`), as one alert. */
export function UnshownErrors({ errors, shown }: { errors: Record<string, string>; shown: string[] }) {
  const rest = Object.entries(errors).filter(([field]) => !shown.includes(field));
  if (rest.length === 0) return null;
  return (
    <Alert color="red" title={t("The report could not be saved")} data-test="report-form-error">
      <Stack gap={2}>
        {rest.map(([field, message]) => (
          <span key={field}>{message}</span>
        ))}
      </Stack>
    </Alert>
  );
}
