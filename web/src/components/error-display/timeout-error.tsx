import { Stack, Text } from "@mantine/core";
import { t } from "../../lib/i18n";
import { ErrorAlert } from "./error-alert";
import { IssueCodeList, OwnersLine } from "./issue-code-list";
import { type ErrorMessageProps, issueCodes } from "./types";

/** Front-end and back-end timeouts. */
export function TimeoutErrorMessage({ error, source, owners }: ErrorMessageProps) {
  const timeout = (error.extra as { timeout?: number } | null | undefined)?.timeout;
  const what = source === "sqllab" ? t("these results") : t("this visualization");
  const message = t(
    "We’re having trouble loading %s. Queries are set to timeout after %s seconds.",
    what,
    timeout ?? "?",
  );
  return (
    <ErrorAlert
      title={t("Timeout error")}
      level={error.level}
      subtitle={message}
      body={
        <Stack gap={4}>
          <Text size="sm">{t("This may be triggered by:")}</Text>
          <IssueCodeList codes={issueCodes(error)} />
          <Text size="sm">
            <OwnersLine owners={owners} />
          </Text>
        </Stack>
      }
    />
  );
}
