import { Stack, Text } from "@mantine/core";
import { t } from "../../lib/i18n";
import { ErrorAlert } from "./error-alert";
import { IssueCodeList, OwnersLine } from "./issue-code-list";
import { type ErrorMessageProps, issueCodes } from "./types";

/** Errors raised by the database engine: titled '{engine} Error'. */
export function DatabaseErrorMessage({ error, subtitle, owners }: ErrorMessageProps) {
  const engine = (error.extra as { engine_name?: string } | null | undefined)?.engine_name;
  const codes = issueCodes(error);
  const title = t("%s Error", engine || t("DB engine"));
  const hasBody = codes.length > 0 || (owners?.length ?? 0) > 0;
  return (
    <ErrorAlert
      title={title}
      level={error.level}
      subtitle={subtitle ?? error.message}
      body={
        hasBody ? (
          <Stack gap={4}>
            <Text size="sm">{t("This may be triggered by:")}</Text>
            <IssueCodeList codes={codes} />
            <Text size="sm">
              <OwnersLine owners={owners} />
            </Text>
          </Stack>
        ) : undefined
      }
    />
  );
}
