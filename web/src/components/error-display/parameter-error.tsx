import { List, Text } from "@mantine/core";
import { t } from "../../lib/i18n";
import { ErrorAlert } from "./error-alert";
import { IssueCodeList } from "./issue-code-list";
import { nearMatches } from "./levenshtein";
import { type ErrorMessageProps, issueCodes } from "./types";

interface ParameterExtra {
  undefined_parameters?: string[];
  template_parameters?: Record<string, unknown>;
}

/** Missing or invalid template parameters, with near-match suggestions. */
export function ParameterErrorMessage({ error, subtitle }: ErrorMessageProps) {
  const extra = (error.extra ?? {}) as ParameterExtra;
  const known = Object.keys(extra.template_parameters ?? {});
  const suggestions = (extra.undefined_parameters ?? [])
    .map((name) => ({ name, matches: nearMatches(name, known) }))
    .filter((s) => s.matches.length > 0);
  return (
    <ErrorAlert
      title={t("Parameter error")}
      level={error.level}
      subtitle={subtitle ?? error.message}
      body={
        <>
          {suggestions.length > 0 && (
            <List size="sm">
              {suggestions.map((s) => (
                <List.Item key={s.name}>
                  {t(
                    "Did you mean: %s instead of %s?",
                    s.matches.map((m) => `"${m}"`).join(", "),
                    `"${s.name}"`,
                  )}
                </List.Item>
              ))}
            </List>
          )}
          <Text size="sm">{t("This may be triggered by:")}</Text>
          <IssueCodeList codes={issueCodes(error)} />
        </>
      }
    />
  );
}
