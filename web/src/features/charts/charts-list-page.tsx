import { Anchor, Badge, Button, Group, Text } from "@mantine/core";
import type { ChartRow as ChartListRow, TagsAndFavorite } from "@strata/contracts";
import { IconPlus } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { ChartPropertiesModal } from "../../components/chart-properties";
import { favoriteFilter, useFavoriteStars } from "../../components/favorite-column";
import { exportBulkActions, exportRowAction, ImportButton } from "../../components/import-export";
import {
  hiddenColumn,
  lastModifiedColumn,
  ownersColumn,
  type RowActionOptions,
  recencySortOptions,
  rowActionsColumn,
  rowActionsOf,
} from "../../components/list-columns";
import { ListCard, type ListColumn, type ListFilterConfig, ListView } from "../../components/list-view";
import { OwnerAvatars } from "../../components/owner-avatars";
import { PageHeader } from "../../components/page-header";
import { RowActionsMenu } from "../../components/row-actions";
import { TagChips, tagFilter, tagsColumn, useBulkTag } from "../../components/tag-chips";
import { LIST_THUMBNAIL_HEIGHT, ThumbnailImage, thumbnailsEnabled } from "../../components/thumbnail";
import { useDeleteFlow } from "../../components/use-delete-flow";
import { paths } from "../../config/paths";
import { localizeHumanized, t, translatable } from "../../lib/i18n";
import { useResourcePermissions } from "../../lib/resource/resource-info";
import { optionsLoader } from "../../lib/resource/resource-options";
import { OnDashboards } from "./components/on-dashboards";

const RESOURCE = "chart";

/** List rows carry their tags and the caller's star. */
type ChartRow = ChartListRow & Partial<TagsAndFavorite>;

/** Visualisation types most used first (PRODUCT.md). */
const VIZ_TYPES: [string, string][] = [
  ["echarts_timeseries_line", translatable("Line Chart")],
  ["echarts_timeseries_bar", translatable("Bar Chart")],
  ["echarts_area", translatable("Area Chart")],
  ["table", translatable("Table")],
  ["big_number_total", translatable("Big Number")],
  ["big_number", translatable("Big Number with Trendline")],
  ["pie", translatable("Pie Chart")],
  ["pivot_table_v2", translatable("Pivot Table")],
  ["echarts_timeseries_scatter", translatable("Scatter Plot")],
  ["mixed_timeseries", translatable("Mixed Chart")],
  ["histogram_v2", translatable("Histogram")],
  ["box_plot", translatable("Box Plot")],
  ["heatmap_v2", translatable("Heatmap")],
  ["treemap_v2", translatable("Treemap")],
  ["sunburst_v2", translatable("Sunburst Chart")],
  ["funnel", translatable("Funnel Chart")],
  ["gauge_chart", translatable("Gauge Chart")],
  ["waterfall", translatable("Waterfall Chart")],
  ["word_cloud", translatable("Word Cloud")],
  ["country_map", translatable("Country Map")],
  ["world_map", translatable("World Map")],
  ["sankey_v2", translatable("Sankey Chart")],
  ["radar", translatable("Radar Chart")],
  ["bubble_v2", translatable("Bubble Chart")],
];
/** Each chart opens in Explore. */
const explorePath = (id: number) => `/explore/?slice_id=${id}`;

const vizLabel = (viz: string) => {
  const label = VIZ_TYPES.find(([k]) => k === viz)?.[1];
  return label ? t(label) : viz;
};

const sortOptions = recencySortOptions("slice_name");

const filters: ListFilterConfig[] = [
  { id: "slice_name", title: t("Search"), input: "search", operator: "chart_all_text" },
  {
    id: "viz_type",
    title: t("Type"),
    input: "select",
    operator: "eq",
    options: VIZ_TYPES.map(([value, label]) => ({ value, label: t(label) })),
  },
  {
    id: "owners",
    title: t("Owner"),
    input: "select",
    operator: "rel_m_m",
    fetchOptions: optionsLoader("related", RESOURCE, "owners"),
  },
  {
    id: "created_by",
    title: t("Created by"),
    input: "select",
    operator: "rel_o_m",
    fetchOptions: optionsLoader("related", RESOURCE, "created_by"),
  },
  favoriteFilter("chart_is_favorite"),
  tagFilter("chart_tags"),
  {
    id: "id",
    title: t("Certified"),
    input: "select",
    operator: "is_certified",
    options: [
      { label: t("Yes"), value: true },
      { label: t("No"), value: false },
    ],
  },
];

export default function ChartsListPage() {
  const perms = useResourcePermissions(RESOURCE);
  const thumbnails = thumbnailsEnabled();
  const { askDelete, modal } = useDeleteFlow<ChartRow>({
    resource: RESOURCE,
    label: "chart",
    nameOf: (c) => c.slice_name,
  });
  const [editing, setEditing] = useState<number | null>(null);
  const stars = useFavoriteStars<ChartRow>(RESOURCE);
  const bulkTag = useBulkTag<ChartRow>({
    resource: RESOURCE,
    resourceName: "chart",
    canTag: perms.canWrite || perms.has("can_tag"),
  });

  const rowActions = useMemo<RowActionOptions<ChartRow>>(
    () => ({
      canWrite: perms.canWrite,
      askDelete,
      onEdit: (c) => setEditing(c.id),
      more: (c) => [
        exportRowAction({ resource: RESOURCE, label: "charts", canExport: perms.canExport }, c.id),
      ],
    }),
    [perms.canWrite, perms.canExport, askDelete],
  );

  const columns = useMemo<ListColumn<ChartRow>[]>(
    () => [
      stars.column,
      {
        id: "slice_name",
        header: t("Name"),
        sortable: true,
        render: (c) => (
          <Anchor component={Link} to={explorePath(c.id)} data-test="chart-list-link">
            {c.slice_name}
          </Anchor>
        ),
      },
      { id: "viz_type", header: t("Type"), sortable: true, render: (c) => vizLabel(c.viz_type) },
      {
        id: "datasource_id",
        header: t("Dataset"),
        render: (c) =>
          c.datasource_url ? (
            <Anchor component={Link} to={c.datasource_url}>
              {c.datasource_name_text}
            </Anchor>
          ) : (
            c.datasource_name_text
          ),
      },
      {
        id: "dashboards",
        header: t("On dashboards"),
        render: (c) => <OnDashboards dashboards={c.dashboards} />,
      },
      ownersColumn<ChartRow>(),
      lastModifiedColumn<ChartRow>(),
      tagsColumn<ChartRow>(),
      hiddenColumn("created_by"),
      hiddenColumn("id"),
      rowActionsColumn<ChartRow>(rowActions),
    ],
    [rowActions, stars.column],
  );

  return (
    <>
      <PageHeader
        title={t("Charts")}
        actions={
          perms.canWrite && (
            <Group gap="xs">
              <ImportButton resource={RESOURCE} label="chart" plural="charts" />
              <Button
                component={Link}
                to={paths.chartAdd}
                leftSection={<IconPlus size={16} />}
                data-test="btn-create-chart"
              >
                {t("Chart")}
              </Button>
            </Group>
          )
        }
      />
      <ListView<ChartRow>
        resource={RESOURCE}
        resourceLabel="chart"
        columns={columns}
        filters={filters}
        sortOptions={sortOptions}
        defaultViewMode="table"
        renderCard={(c, ctx) => (
          <ListCard
            ctx={ctx}
            title={c.slice_name}
            url={explorePath(c.id)}
            subtitle={t("Modified %s", localizeHumanized(c.changed_on_delta_humanized))}
            actions={
              <Group gap={2} wrap="nowrap">
                {stars.starOf(c)}
                <RowActionsMenu actions={rowActionsOf(c, rowActions)} label={t("Actions")} />
              </Group>
            }
            flushCover={thumbnails}
            cover={
              <ThumbnailImage
                url={c.thumbnail_url}
                height={LIST_THUMBNAIL_HEIGHT}
                fallback={
                  <Group justify="center" h={80}>
                    <Text c="dimmed" size="sm">
                      {vizLabel(c.viz_type)}
                    </Text>
                  </Group>
                }
              />
            }
            meta={
              <Group justify="space-between">
                <Badge variant="light" size="sm">
                  {c.datasource_name_text ?? ""}
                </Badge>
                <OwnerAvatars owners={c.owners} />
              </Group>
            }
            tags={<TagChips tags={c.tags} />}
          />
        )}
        bulkActions={[
          ...bulkTag.actions,
          ...exportBulkActions<ChartRow>({ resource: RESOURCE, label: "charts", canExport: perms.canExport }),
          ...(perms.canWrite
            ? [{ key: "delete", name: t("Delete"), type: "danger" as const, onSelect: askDelete }]
            : []),
        ]}
      />
      {modal}
      {bulkTag.modal}
      <ChartPropertiesModal chartId={editing} onClose={() => setEditing(null)} />
    </>
  );
}
