import { Anchor, Badge, Button, Group, Text, Tooltip } from "@mantine/core";
import type { DatasetRow as DatasetListRow, TagsAndFavorite } from "@strata/contracts";
import { IconAlertTriangle, IconCertificate, IconPlus } from "@tabler/icons-react";
import { useMemo, useState } from "react";
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
import { RelatedObjectsNotice } from "../../components/related-objects/related-objects-notice";
import { useDeleteFlow } from "../../components/use-delete-flow";
import { exploreDatasetPath } from "../../config/paths";
import { localizeHumanized, t } from "../../lib/i18n";
import { useResourcePermissions } from "../../lib/resource/resource-info";
import { optionsLoader } from "../../lib/resource/resource-options";
import { AddDatasetModal } from "./components/add-dataset-modal";
import { EditDatasetModal } from "./components/edit-dataset/edit-dataset-modal";
import { parseExtra } from "./components/edit-dataset/extra-json";

const RESOURCE = "dataset";

/** List rows carry their tags. */
type DatasetRow = DatasetListRow & Partial<TagsAndFavorite>;

const filters: ListFilterConfig[] = [
  {
    id: "owners",
    title: t("Owner"),
    input: "select",
    operator: "rel_m_m",
    fetchOptions: optionsLoader("related", RESOURCE, "owners"),
  },
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
  {
    id: "sql",
    title: t("Type"),
    input: "select",
    operator: "dataset_is_null_or_empty",
    options: [
      { label: t("Virtual"), value: false },
      { label: t("Physical"), value: true },
    ],
  },
  tagFilter("dataset_tags"),
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
  { id: "table_name", title: t("Search"), input: "search", operator: "ct" },
];

const sortOptions = recencySortOptions("table_name");

const kindLabel = (d: DatasetRow) => (d.kind === "virtual" ? t("Virtual") : t("Physical"));
const exploreUrl = (d: DatasetRow) => d.explore_url || exploreDatasetPath(d.id);

function DatasetName({ d }: { d: DatasetRow }) {
  const warning = parseExtra(d.extra).warning_markdown;
  return (
    <Group gap={6} wrap="nowrap">
      {d.certified_by && (
        <Tooltip
          label={
            t("Certified by %s", d.certified_by) +
            (d.certification_details ? ` — ${d.certification_details}` : "")
          }
        >
          <IconCertificate size={16} color="var(--mantine-color-teal-7)" aria-label={t("Certified")} />
        </Tooltip>
      )}
      {typeof warning === "string" && warning && (
        <Tooltip label={warning}>
          <IconAlertTriangle size={16} color="var(--mantine-color-yellow-7)" aria-label={t("Warning")} />
        </Tooltip>
      )}
      <Anchor href={exploreUrl(d)} data-test="internal-link">
        {d.table_name}
      </Anchor>
    </Group>
  );
}

export default function DatasetsListPage() {
  const perms = useResourcePermissions(RESOURCE);
  const [editing, setEditing] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const { askDelete, modal } = useDeleteFlow<DatasetRow>({
    resource: RESOURCE,
    label: "dataset",
    nameOf: (d) => d.table_name,
    details: (d) => <RelatedObjectsNotice resource="dataset" id={d.id} />,
  });
  const bulkTag = useBulkTag<DatasetRow>({
    resource: RESOURCE,
    resourceName: "dataset",
    canTag: perms.canWrite || perms.has("can_tag"),
  });

  const rowActions = useMemo<RowActionOptions<DatasetRow>>(
    () => ({
      canWrite: perms.canWrite,
      askDelete,
      onEdit: (d) => setEditing(d.id),
      more: (d) => [
        exportRowAction({ resource: RESOURCE, label: "datasets", canExport: perms.canExport }, d.id),
      ],
    }),
    [perms.canWrite, perms.canExport, askDelete],
  );

  const columns = useMemo<ListColumn<DatasetRow>[]>(
    () => [
      { id: "table_name", header: t("Name"), sortable: true, render: (d) => <DatasetName d={d} /> },
      { id: "kind", header: t("Type"), sortable: true, render: kindLabel },
      {
        id: "database.database_name",
        header: t("Database"),
        sortable: true,
        render: (d) => d.database?.database_name,
      },
      { id: "schema", header: t("Schema"), sortable: true, render: (d) => d.schema ?? "" },
      ownersColumn<DatasetRow>(),
      lastModifiedColumn<DatasetRow>(),
      tagsColumn<DatasetRow>(),
      hiddenColumn("database"),
      hiddenColumn("sql"),
      hiddenColumn("id"),
      rowActionsColumn<DatasetRow>(rowActions),
    ],
    [rowActions],
  );

  return (
    <>
      <PageHeader
        title={t("Datasets")}
        actions={
          perms.canWrite && (
            <Group gap="xs">
              <ImportButton resource={RESOURCE} label="dataset" plural="datasets" />
              <Button
                leftSection={<IconPlus size={16} />}
                onClick={() => setAdding(true)}
                data-test="btn-add-dataset"
              >
                {t("Dataset")}
              </Button>
            </Group>
          )
        }
      />
      <ListView<DatasetRow>
        resource={RESOURCE}
        resourceLabel="dataset"
        columns={columns}
        filters={filters}
        sortOptions={sortOptions}
        defaultViewMode="table"
        renderCard={(d, ctx) => (
          <ListCard
            ctx={ctx}
            title={d.table_name}
            url={exploreUrl(d)}
            subtitle={`${d.database?.database_name ?? ""}${d.schema ? ` · ${d.schema}` : ""}`}
            actions={<RowActionsMenu actions={rowActionsOf(d, rowActions)} label={t("Actions")} />}
            meta={
              <Group justify="space-between">
                <Group gap={6}>
                  <Badge variant="light" size="sm">
                    {kindLabel(d)}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {t("Modified %s", localizeHumanized(d.changed_on_delta_humanized))}
                  </Text>
                </Group>
                <OwnerAvatars owners={d.owners} />
              </Group>
            }
            tags={<TagChips tags={d.tags} />}
          />
        )}
        bulkActions={[
          ...bulkTag.actions,
          ...exportBulkActions<DatasetRow>({
            resource: RESOURCE,
            label: "datasets",
            canExport: perms.canExport,
          }),
          ...(perms.canWrite
            ? [{ key: "delete", name: t("Delete"), type: "danger" as const, onSelect: askDelete }]
            : []),
        ]}
      />
      <EditDatasetModal datasetId={editing} onClose={() => setEditing(null)} />
      <AddDatasetModal opened={adding} onClose={() => setAdding(false)} onCreated={(id) => setEditing(id)} />
      {modal}
      {bulkTag.modal}
    </>
  );
}
