import { Anchor, Card, Group, SimpleGrid, Skeleton, Tabs, Text, ThemeIcon, Title } from "@mantine/core";
import type { ChartRow, DashboardRow, RecentActivityItem, SavedQueryRow } from "@strata/contracts";
import { IconChartBar, IconDatabase, IconLayoutDashboard } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { paths } from "../../../config/paths";
import { localizeHumanized, t } from "../../../lib/i18n";
import { useResourceList } from "../../../lib/resource/resource-list";
import { useRecentActivity } from "../api/recent-activity";
import {
  EDITED_SHOWN,
  HOME_PAGE_SIZE,
  newestFirst,
  type RecentEntry,
  recentsQuery,
} from "../model/home-queries";
import { type RecentsTab, RecentsEmptyState } from "./home-empty-state";
import { HomeLoadError } from "./home-load-error";

type Stamped = { changed_on?: string };
const at = (row: Stamped) => (row.changed_on ? Date.parse(row.changed_on) : 0);

const ICONS = { dashboard: IconLayoutDashboard, chart: IconChartBar, saved_query: IconDatabase };

function EntryCard({ entry }: { entry: RecentEntry }) {
  const Icon = ICONS[entry.kind];
  return (
    <Card withBorder radius="md" padding="xs" data-test="recent-entry">
      <Group wrap="nowrap" gap="xs">
        <ThemeIcon variant="light" size="lg">
          <Icon size={18} />
        </ThemeIcon>
        <div style={{ minWidth: 0 }}>
          <Anchor component={Link} to={entry.url} size="sm" fw={600} lineClamp={1}>
            {entry.title}
          </Anchor>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {entry.when}
          </Text>
        </div>
      </Group>
    </Card>
  );
}

const fromActivity = (item: RecentActivityItem): RecentEntry => ({
  key: `${item.item_type}:${item.item_url}`,
  kind: item.item_type === "slice" ? "chart" : "dashboard",
  title: item.item_title,
  url: item.item_url,
  when: t("Viewed %s", localizeHumanized(item.time_delta_humanized)),
  at: item.time,
});

/** Which lists a user may read decide what the Edited and Created tabs ask for. */
export interface RecentsAccess {
  dashboards: boolean;
  charts: boolean;
  savedQueries: boolean;
}

/** Edited or Created: the user's own dashboards, charts and saved queries, merged newest first. */
function useOwnRecent(kind: "Edited" | "Created", userId: number, access: RecentsAccess, active: boolean) {
  const query = active ? recentsQuery(kind, userId) : null;
  const d = useResourceList<DashboardRow & Stamped>("dashboard", access.dashboards ? query : null);
  const c = useResourceList<ChartRow & Stamped>("chart", access.charts ? query : null);
  const q = useResourceList<SavedQueryRow & Stamped>("saved_query", access.savedQueries ? query : null);
  const modified = (text: string) => t("Modified %s", localizeHumanized(text));
  const entries = newestFirst(
    [
      (d.data?.result ?? []).map((r) => ({
        key: `dashboard:${r.id}`,
        kind: "dashboard" as const,
        title: r.dashboard_title,
        url: r.url,
        when: modified(r.changed_on_delta_humanized),
        at: at(r),
      })),
      (c.data?.result ?? []).map((r) => ({
        key: `chart:${r.id}`,
        kind: "chart" as const,
        title: r.slice_name,
        url: r.url,
        when: modified(r.changed_on_delta_humanized),
        at: at(r),
      })),
      (q.data?.result ?? []).map((r) => ({
        key: `saved_query:${r.id}`,
        kind: "saved_query" as const,
        title: r.label,
        url: `${paths.sqllab}?savedQueryId=${r.id}`,
        when: modified(r.changed_on_delta_humanized),
        at: at(r),
      })),
    ],
    kind === "Edited" ? EDITED_SHOWN : HOME_PAGE_SIZE,
  );
  const loading = [d, c, q].some((x) => x.isLoading);
  const error = d.error ?? c.error ?? q.error;
  return { entries, loading, error };
}

/** Recents: what the user viewed (the event log), edited and created. */
export function RecentsPanel({ userId, access }: { userId: number; access: RecentsAccess }) {
  const [tab, setTab] = useState<RecentsTab>("Viewed");
  const viewed = useRecentActivity(tab === "Viewed" ? { page_size: HOME_PAGE_SIZE } : null);
  const edited = useOwnRecent("Edited", userId, access, tab === "Edited");
  const created = useOwnRecent("Created", userId, access, tab === "Created");
  const shown =
    tab === "Viewed"
      ? {
          entries: (viewed.data?.result ?? []).map(fromActivity),
          loading: viewed.isLoading,
          error: viewed.error,
        }
      : tab === "Edited"
        ? edited
        : created;
  return (
    <Card withBorder radius="md" padding="md" data-test="home-panel-recents">
      <Title order={4} mb="xs">
        {t("Recents")}
      </Title>
      <Tabs value={tab} onChange={(v) => v && setTab(v as RecentsTab)} mb="sm">
        <Tabs.List>
          <Tabs.Tab value="Viewed" data-test="home-tab-Viewed">
            {t("Viewed")}
          </Tabs.Tab>
          <Tabs.Tab value="Edited" data-test="home-tab-Edited">
            {t("Edited")}
          </Tabs.Tab>
          <Tabs.Tab value="Created" data-test="home-tab-Created">
            {t("Created")}
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {shown.loading && shown.entries.length === 0 && <Skeleton height={60} />}
      {shown.error && (
        <HomeLoadError noun={tab === "Viewed" ? undefined : "item"} message={shown.error.message} />
      )}
      {!shown.loading && !shown.error && shown.entries.length === 0 && <RecentsEmptyState tab={tab} />}
      {shown.entries.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: HOME_PAGE_SIZE }} spacing="sm">
          {shown.entries.map((entry) => (
            <EntryCard key={entry.key} entry={entry} />
          ))}
        </SimpleGrid>
      )}
    </Card>
  );
}
