import { Code, Text } from "@mantine/core";
import { t } from "../../lib/i18n";
import { ErrorAlert } from "./error-alert";
import type { ErrorMessageProps } from "./types";

interface SqlErrorExtra {
  sql?: string;
  line?: number;
  column?: number;
}

/** The offending line of SQL with a caret under the column. */
export function InvalidSqlErrorMessage({ error, subtitle }: ErrorMessageProps) {
  const { sql, line, column } = (error.extra ?? {}) as SqlErrorExtra;
  const lineText = sql && line ? sql.split("\n")[line - 1] : undefined;
  return (
    <ErrorAlert title={t("Unable to parse SQL")} level={error.level} subtitle={subtitle ?? error.message}>
      {lineText !== undefined && (
        <Code block data-test="invalid-sql-line">
          {lineText}
          {column ? `\n${" ".repeat(Math.max(0, column - 1))}^` : ""}
        </Code>
      )}
      {line !== undefined && !lineText && <Text size="sm">{t("Line %s", line)}</Text>}
    </ErrorAlert>
  );
}
