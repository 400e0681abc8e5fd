import { Anchor, Loader, Stack, Text } from "@mantine/core";
import type { DatabaseRelatedObjects, DatasetRelatedObjects } from "@strata/contracts";
import { Fragment } from "react";
import { exploreChartPath, paths } from "../../config/paths";
import { t, tn } from "../../lib/i18n";
import { type RelatedResource, useRelatedObjects } from "../../lib/resource/related-objects";

/** Names listed per kind before the rest are only counted: the dialog stays short. */
export const MAX_RELATED_LINKS = 10;

interface Link {
  id: number;
  name: string;
  href: string;
}

/** "Charts: A, B, C + 2 more", each name a link. */
function LinkList({
  title,
  links,
  total,
  test,
}: {
  title: string;
  links: Link[];
  total: number;
  test: string;
}) {
  if (total === 0) return null;
  const shown = links.slice(0, MAX_RELATED_LINKS);
  const more = total - shown.length;
  return (
    <Text size="sm" component="div" data-test={test}>
      <Text span size="sm" fw={500}>
        {title}:{" "}
      </Text>
      {shown.map((link, i) => (
        <Fragment key={link.id}>
          {/* A new tab: the dialog stays open for the decision once the user has looked. */}
          <Anchor href={link.href} target="_blank" rel="noreferrer" size="sm">
            {link.name}
          </Anchor>
          {i < shown.length - 1 ? ", " : ""}
        </Fragment>
      ))}
      {more > 0 && (
        <Text span size="sm" c="dimmed">
          {" "}
          {t("+ %s more", more)}
        </Text>
      )}
    </Text>
  );
}

/** "Used by 3 charts on 2 dashboards." */
function usedBy(charts: number, dashboards: number): string {
  const chartCount = tn("%s chart", "%s charts", charts, charts);
  if (dashboards === 0) return t("Used by %s.", chartCount);
  return t("Used by %s on %s.", chartCount, tn("%s dashboard", "%s dashboards", dashboards, dashboards));
}

function Related({
  resource,
  related,
}: {
  resource: RelatedResource;
  related: DatasetRelatedObjects & Partial<Pick<DatabaseRelatedObjects, "sqllab_tab_states">>;
}) {
  const { charts, dashboards } = related;
  const tabs = related.sqllab_tab_states?.count ?? 0;
  if (charts.count === 0 && dashboards.count === 0 && tabs === 0) return null;
  return (
    <Stack gap={6} data-test="related-objects">
      {charts.count > 0 && (
        <Text size="sm" data-test="related-objects-summary">
          {usedBy(charts.count, dashboards.count)}
          {/* A database with datasets is refused by the server, so only a dataset's deletion breaks charts. */}
          {resource === "dataset" && ` ${t("They stop working once the dataset is deleted.")}`}
        </Text>
      )}
      <LinkList
        title={t("Charts")}
        total={charts.count}
        test="related-charts"
        links={charts.result.map((c) => ({ id: c.id, name: c.slice_name, href: exploreChartPath(c.id) }))}
      />
      <LinkList
        title={t("Dashboards")}
        total={dashboards.count}
        test="related-dashboards"
        links={dashboards.result.map((d) => ({
          id: d.id,
          name: d.title,
          href: paths.dashboard(d.slug || d.id),
        }))}
      />
      {tabs > 0 && (
        <Text size="sm" data-test="related-tab-states">
          {tn(
            "You have %s SQL Lab tab using this database.",
            "You have %s SQL Lab tabs using this database.",
            tabs,
            tabs,
          )}
        </Text>
      )}
    </Stack>
  );
}

/**
 * What a deletion would break, for a delete dialog: the charts on a dataset or database, the
 * dashboards showing them and (for a database) the caller's SQL Lab tabs on it. Nothing while
 * nothing depends on it, and nothing on a failed read: the deletion itself must stay possible.
 */
export function RelatedObjectsNotice({ resource, id }: { resource: RelatedResource; id: number }) {
  const { data, error } = useRelatedObjects(resource, id);
  if (data) return <Related resource={resource} related={data} />;
  if (error) return null;
  return <Loader size="xs" aria-label={t("Looking for what uses it")} data-test="related-objects-loading" />;
}
