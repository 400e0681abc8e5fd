import { Anchor, Badge, Button, Group, Text } from "@mantine/core";
import type { DashboardRow as DashboardListRow, TagsAndFavorite } from "@strata/contracts";
import { IconPlus } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { Link } from "react-router";
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
import { localizeHumanized, t } from "../../lib/i18n";
import { useResourcePermissions } from "../../lib/resource/resource-info";
import { optionsLoader } from "../../lib/resource/resource-options";
import { DashboardPropertiesModal } from "./components/list/dashboard-properties-modal";

const RESOURCE = "dashboard";

/** List rows carry their tags and the caller's star. */
type DashboardRow = DashboardListRow & Partial<TagsAndFavorite>;

const sortOptions = recencySortOptions("dashboard_title");

const filters: ListFilterConfig[] = [
  { id: "dashboard_title", title: t("Search"), input: "search", operator: "title_or_slug" },
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
  {
    id: "published",
    title: t("Status"),
    input: "select",
    operator: "eq",
    options: [
      { label: t("Published"), value: true },
      { label: t("Draft"), value: false },
    ],
  },
  favoriteFilter("dashboard_is_favorite"),
  tagFilter("dashboard_tags"),
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

function StatusBadge({ published }: { published: boolean }) {
  return (
    <Badge variant="light" color={published ? "teal" : "gray"} size="sm">
      {published ? t("Published") : t("Draft")}
    </Badge>
  );
}

export default function DashboardsListPage() {
  const perms = useResourcePermissions(RESOURCE);
  const thumbnails = thumbnailsEnabled();
  const { askDelete, modal } = useDeleteFlow<DashboardRow>({
    resource: RESOURCE,
    label: "dashboard",
    nameOf: (d) => d.dashboard_title,
  });
  const [editing, setEditing] = useState<number | null>(null);
  const stars = useFavoriteStars<DashboardRow>(RESOURCE);
  const bulkTag = useBulkTag<DashboardRow>({
    resource: RESOURCE,
    resourceName: "dashboard",
    canTag: perms.canWrite || perms.has("can_tag"),
  });

  const rowActions = useMemo<RowActionOptions<DashboardRow>>(
    () => ({
      canWrite: perms.canWrite,
      askDelete,
      onEdit: (d) => setEditing(d.id),
      more: (d) => [
        exportRowAction({ resource: RESOURCE, label: "dashboards", canExport: perms.canExport }, d.id),
      ],
    }),
    [perms.canWrite, perms.canExport, askDelete],
  );

  const columns = useMemo<ListColumn<DashboardRow>[]>(
    () => [
      stars.column,
      {
        id: "dashboard_title",
        header: t("Name"),
        sortable: true,
        render: (d) => (
          <Anchor component={Link} to={d.url}>
            {d.dashboard_title}
          </Anchor>
        ),
      },
      {
        id: "published",
        header: t("Status"),
        sortable: true,
        render: (d) => <StatusBadge published={d.published} />,
      },
      ownersColumn<DashboardRow>(),
      lastModifiedColumn<DashboardRow>(),
      tagsColumn<DashboardRow>(),
      hiddenColumn("created_by"),
      hiddenColumn("id"),
      rowActionsColumn<DashboardRow>(rowActions),
    ],
    [rowActions, stars.column],
  );

  return (
    <>
      <PageHeader
        title={t("Dashboards")}
        actions={
          perms.canWrite && (
            <Group gap="xs">
              <ImportButton resource={RESOURCE} label="dashboard" plural="dashboards" />
              <Button
                component={Link}
                to={paths.dashboardNew}
                leftSection={<IconPlus size={16} />}
                data-test="btn-create-dashboard"
              >
                {t("Dashboard")}
              </Button>
            </Group>
          )
        }
      />
      <ListView<DashboardRow>
        resource={RESOURCE}
        resourceLabel="dashboard"
        columns={columns}
        filters={filters}
        sortOptions={sortOptions}
        renderCard={(d, ctx) => (
          <ListCard
            ctx={ctx}
            title={d.dashboard_title}
            url={d.url}
            subtitle={t("Modified %s", localizeHumanized(d.changed_on_delta_humanized))}
            actions={
              <Group gap={2} wrap="nowrap">
                {stars.starOf(d)}
                <RowActionsMenu actions={rowActionsOf(d, rowActions)} label={t("Actions")} />
              </Group>
            }
            flushCover={thumbnails}
            cover={
              <ThumbnailImage
                url={d.thumbnail_url}
                height={LIST_THUMBNAIL_HEIGHT}
                fallback={
                  <Group justify="center" h={80}>
                    <Text c="dimmed" size="xl" fw={700}>
                      {d.dashboard_title.slice(0, 1).toUpperCase()}
                    </Text>
                  </Group>
                }
              />
            }
            meta={
              <Group justify="space-between">
                <StatusBadge published={d.published} />
                <OwnerAvatars owners={d.owners} />
              </Group>
            }
            tags={<TagChips tags={d.tags} />}
          />
        )}
        bulkActions={[
          ...bulkTag.actions,
          ...exportBulkActions<DashboardRow>({
            resource: RESOURCE,
            label: "dashboards",
            canExport: perms.canExport,
          }),
          ...(perms.canWrite
            ? [{ key: "delete", name: t("Delete"), type: "danger" as const, onSelect: askDelete }]
            : []),
        ]}
      />
      {modal}
      {bulkTag.modal}
      <DashboardPropertiesModal dashboardId={editing} onClose={() => setEditing(null)} />
    </>
  );
}
