import { Anchor, Code, Stack, Text } from "@mantine/core";
import type { SavedQueryRow as SavedQueryListRow, TagRef } from "@strata/contracts";
import { useMemo } from "react";
import { Link, useNavigate } from "react-router";
import { exportBulkActions, exportRowAction, ImportButton } from "../../components/import-export";
import {
  lastModifiedColumn,
  type RowActionOptions,
  recencySortOptions,
  rowActionsColumn,
  rowActionsOf,
} from "../../components/list-columns";
import { ListCard, type ListColumn, type ListFilterConfig, ListView } from "../../components/list-view";
import { PageHeader } from "../../components/page-header";
import { RowActionsMenu } from "../../components/row-actions";
import { TagChips, tagFilter, tagsColumn, useBulkTag } from "../../components/tag-chips";
import { useDeleteFlow } from "../../components/use-delete-flow";
import { paths } from "../../config/paths";
import { localizeHumanized, t } from "../../lib/i18n";
import { useResourcePermissions } from "../../lib/resource/resource-info";
import { optionsLoader } from "../../lib/resource/resource-options";
import { ScheduleCell } from "./schedule-cell";

const RESOURCE = "saved_query";

/** List rows carry their tags. */
type SavedQueryRow = SavedQueryListRow & { tags?: TagRef[] };

const sortOptions = recencySortOptions("label");

const filters: ListFilterConfig[] = [
  { id: "label", title: t("Search"), input: "search", operator: "all_text" },
  {
    id: "database",
    title: t("Database"),
    input: "select",
    operator: "rel_o_m",
    fetchOptions: optionsLoader("related", RESOURCE, "database"),
  },
  {
    id: "schema",
    title: t("Schema"),
    input: "select",
    operator: "eq",
    fetchOptions: optionsLoader("distinct", RESOURCE, "schema"),
  },
  tagFilter("saved_query_tags"),
];

const sqlLabLink = (q: SavedQueryRow) => `${paths.sqllab}?savedQueryId=${q.id}`;

export default function SavedQueriesListPage() {
  const perms = useResourcePermissions(RESOURCE);
  const { askDelete, modal } = useDeleteFlow<SavedQueryRow>({
    resource: RESOURCE,
    label: "query",
    nameOf: (q) => q.label,
  });
  const navigate = useNavigate();
  const bulkTag = useBulkTag<SavedQueryRow>({
    resource: RESOURCE,
    resourceName: "saved_query",
    noun: "query",
    canTag: perms.canWrite || perms.has("can_tag"),
  });
  const rowActions = useMemo<RowActionOptions<SavedQueryRow>>(
    () => ({
      canWrite: perms.canWrite,
      askDelete,
      // A saved query's properties are edited where it is written: SQL Lab.
      onEdit: (q) => navigate(sqlLabLink(q)),
      more: (q) => [
        exportRowAction({ resource: RESOURCE, label: t("saved queries"), canExport: perms.canExport }, q.id),
      ],
    }),
    [perms.canWrite, perms.canExport, askDelete, navigate],
  );

  const columns = useMemo<ListColumn<SavedQueryRow>[]>(
    () => [
      {
        id: "label",
        header: t("Name"),
        sortable: true,
        render: (q) => (
          <Anchor component={Link} to={sqlLabLink(q)}>
            {q.label}
          </Anchor>
        ),
      },
      { id: "database", header: t("Database"), render: (q) => q.database?.database_name },
      { id: "schema", header: t("Schema"), sortable: true },
      {
        id: "sql",
        header: t("SQL"),
        render: (q) => (
          <Text size="xs" ff="monospace" lineClamp={1} maw={320}>
            {q.sql}
          </Text>
        ),
      },
      {
        id: "schedule_info",
        header: t("Schedule"),
        render: (q) => <ScheduleCell row={q} />,
      },
      lastModifiedColumn<SavedQueryRow>(),
      tagsColumn<SavedQueryRow>(),
      rowActionsColumn<SavedQueryRow>(rowActions),
    ],
    [rowActions],
  );
  return (
    <>
      <PageHeader
        title={t("Saved queries")}
        actions={
          perms.canWrite && (
            <ImportButton resource={RESOURCE} label={t("saved query")} plural={t("saved queries")} />
          )
        }
      />
      <ListView<SavedQueryRow>
        resource={RESOURCE}
        resourceLabel="saved query"
        columns={columns}
        filters={filters}
        sortOptions={sortOptions}
        renderCard={(q, ctx) => (
          <ListCard
            ctx={ctx}
            title={q.label}
            url={sqlLabLink(q)}
            subtitle={t("Modified %s", localizeHumanized(q.changed_on_delta_humanized))}
            actions={<RowActionsMenu actions={rowActionsOf(q, rowActions)} label={t("Actions")} />}
            cover={
              <Code block mah={80} style={{ overflow: "hidden" }}>
                {q.sql}
              </Code>
            }
            meta={
              <Stack gap={4}>
                <Text size="xs">{q.database?.database_name}</Text>
                {q.schedule_info && <ScheduleCell row={q} />}
              </Stack>
            }
            tags={<TagChips tags={q.tags} />}
          />
        )}
        bulkActions={[
          ...bulkTag.actions,
          ...exportBulkActions<SavedQueryRow>({
            resource: RESOURCE,
            label: t("saved queries"),
            canExport: perms.canExport,
          }),
          ...(perms.canWrite
            ? [{ key: "delete", name: t("Delete"), type: "danger" as const, onSelect: askDelete }]
            : []),
        ]}
      />
      {modal}
      {bulkTag.modal}
    </>
  );
}
