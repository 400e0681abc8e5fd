import { Text } from "@mantine/core";
import { formatNumber, t } from "../../../lib/i18n";
import type { QueryRun } from "../model/types";

/** More rows were produced than the answer carried (the server flag, else rows vs. shown). */
export function displayCut(query: QueryRun, shown: number): boolean {
  return query.displayLimitReached ?? (shown > 0 && (query.rows ?? 0) > shown);
}

/** Why the result may be incomplete, in one short sentence each (null when nothing to say). */
export function limitNotice(query: QueryRun): string | null {
  const rows = query.rows ?? 0;
  switch (query.limitingFactor) {
    case "DROPDOWN":
      return t("Result limited to %s rows by the limit selector", formatNumber(query.queryLimit));
    case "QUERY":
      return t("Result limited to %s rows by the LIMIT in the SQL", formatNumber(rows));
    case "QUERY_AND_DROPDOWN":
      return t(
        "Result limited to %s rows by both the LIMIT in the SQL and the limit selector",
        formatNumber(rows),
      );
    default:
      return null;
  }
}

/** Notices next to the row count: the limit that cut the run, and the display cut. */
export function ResultsNotices({ query, shown }: { query: QueryRun; shown: number }) {
  const limit = limitNotice(query);
  const cut = displayCut(query, shown);
  return (
    <>
      {limit && (
        <Text size="sm" c="orange" data-test="limiting-factor">
          {limit}
        </Text>
      )}
      {cut && (
        <Text size="sm" c="orange" data-test="display-limit">
          {t(
            "Only the first %s of %s rows are shown; download the CSV for all of them",
            formatNumber(shown),
            formatNumber(query.rows ?? shown),
          )}
        </Text>
      )}
    </>
  );
}
