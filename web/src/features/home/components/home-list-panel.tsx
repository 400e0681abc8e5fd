import { Anchor, Card, Group, SimpleGrid, Skeleton, Tabs, Title } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import { FavoriteStar } from "../../../components/favorite-star";
import { t } from "../../../lib/i18n";
import { useResourceList } from "../../../lib/resource/resource-list";
import { HOME_PAGE_SIZE, type HomeResource, type PanelTab, panelQuery } from "../model/home-queries";
import { HomeLoadError } from "./home-load-error";
import { PanelEmptyState } from "./home-empty-state";
import { ObjectCard } from "./object-card";

/** What a panel needs of a resource's list rows. */
export interface PanelRow {
  id: number;
  title: string;
  url: string;
  modified: string;
  thumbnailUrl?: string | null;
  sql?: string;
  isFavorite?: boolean;
}

interface Props<T> {
  title: string;
  resource: HomeResource;
  userId: number;
  listPath: string;
  canCreate: boolean;
  /** Charts and dashboards can be starred; saved queries cannot (as in Superset). */
  starrable: boolean;
  toRow: (row: T) => PanelRow;
}

const TAB_LABELS: Record<PanelTab, () => string> = {
  Favorite: () => t("Favorite"),
  Mine: () => t("Mine"),
  All: () => t("All"),
};

/** For 'An error occurred while fetching %ss: %s' (001 §8), which adds the plural's "s". */
const NOUNS: Record<HomeResource, string> = {
  dashboard: "dashboard",
  chart: "chart",
  saved_query: "saved querie",
};

/** Each panel remembers its last tab in this browser, as Superset's home does. */
const tabKey = (resource: HomeResource) => `strata.home.${resource}.tab`;
function rememberedTab(resource: HomeResource, tabs: PanelTab[]): PanelTab {
  try {
    const saved = window.localStorage.getItem(tabKey(resource)) as PanelTab | null;
    if (saved && tabs.includes(saved)) return saved;
  } catch {
    // Storage may be unavailable (private mode): the default tab is fine.
  }
  return "Mine";
}

/** A home panel (Dashboards, Charts, Saved queries): Favorite / Mine / All, 5 cards each. */
export function HomeListPanel<T>({
  title,
  resource,
  userId,
  listPath,
  canCreate,
  starrable,
  toRow,
}: Props<T>) {
  const tabs: PanelTab[] = starrable ? ["Favorite", "Mine", "All"] : ["Mine", "All"];
  const [tab, setTab] = useState<PanelTab>(() => rememberedTab(resource, tabs));
  const { data, error, isLoading } = useResourceList<T>(resource, panelQuery(resource, tab, userId));
  // Stars toggled here win over the fetched rows' until the tab's list is read again.
  const [starred, setStarred] = useState<Record<number, boolean>>({});
  const choose = (next: string | null) => {
    if (!next) return;
    setTab(next as PanelTab);
    try {
      window.localStorage.setItem(tabKey(resource), next);
    } catch {
      // Not remembered: harmless.
    }
  };
  const rows = (data?.result ?? []).map(toRow);
  return (
    <Card withBorder radius="md" padding="md" data-test={`home-panel-${resource}`}>
      <Group justify="space-between" mb="xs">
        <Title order={4}>{title}</Title>
        <Anchor component={Link} to={listPath} size="sm" data-test="view-all">
          {t("View All »")}
        </Anchor>
      </Group>
      <Tabs value={tab} onChange={choose} mb="sm">
        <Tabs.List>
          {tabs.map((name) => (
            <Tabs.Tab key={name} value={name} data-test={`home-tab-${name}`}>
              {TAB_LABELS[name]()}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {isLoading && !data && <Skeleton height={160} />}
      {error && <HomeLoadError noun={NOUNS[resource]} message={error.message} />}
      {data && rows.length === 0 && (
        <PanelEmptyState resource={resource} tab={tab} listPath={listPath} canCreate={canCreate} />
      )}
      {rows.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: HOME_PAGE_SIZE }} spacing="sm">
          {rows.map((row) => (
            <ObjectCard
              key={row.id}
              kind={resource}
              title={row.title}
              url={row.url}
              modified={row.modified}
              thumbnailUrl={row.thumbnailUrl}
              sql={row.sql}
              star={
                starrable && resource !== "saved_query" ? (
                  <FavoriteStar
                    type={resource}
                    id={row.id}
                    size={16}
                    starred={starred[row.id] ?? row.isFavorite ?? false}
                    onChange={(on) => setStarred((s) => ({ ...s, [row.id]: on }))}
                  />
                ) : undefined
              }
            />
          ))}
        </SimpleGrid>
      )}
    </Card>
  );
}
