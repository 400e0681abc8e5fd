import { Anchor, Button, Group, Stack, Text, UnstyledButton } from "@mantine/core";
import type { AnnotationLayerRow, AnnotationRow } from "@strata/contracts";
import { IconArrowLeft, IconPlus } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { Link, useParams } from "react-router";
import { ApiErrorDisplay } from "../../components/error-display";
import { lastModifiedColumn, rowActionsColumn } from "../../components/list-columns";
import {
  type ListColumn,
  type ListFilterConfig,
  ListView,
  type SortOption,
} from "../../components/list-view";
import { PageHeader } from "../../components/page-header";
import { useDeleteFlow } from "../../components/use-delete-flow";
import { t } from "../../lib/i18n";
import { useResourcePermissions } from "../../lib/resource/resource-info";
import { useResourceItem } from "../../lib/resource/resource-item";
import { formatAnnotationDate } from "./annotation-dates";
import { AnnotationModal } from "./annotation-modal";
import { annotationsResource } from "./api/annotations";
import { LAYERS } from "./api/layers";
import { annotationPaths } from "./paths";

const filters: ListFilterConfig[] = [
  { id: "short_descr", title: t("Search"), input: "search", operator: "annotation_all_text" },
];

const sortOptions: SortOption[] = [
  { id: "start_dttm", desc: false, label: t("Oldest first"), value: "start_asc" },
  { id: "start_dttm", desc: true, label: t("Newest first"), value: "start_desc" },
  { id: "short_descr", desc: false, label: t("Alphabetical"), value: "alphabetical" },
];

/** `/annotationlayer/{id}/annotation/`: one layer's annotations, added and edited in a modal. */
export default function AnnotationsListPage() {
  const layerId = Number(useParams().layerId);
  const valid = Number.isSafeInteger(layerId) && layerId > 0;
  const layer = useResourceItem<AnnotationLayerRow>(LAYERS, valid ? layerId : null);
  if (layer.error || !valid) {
    return (
      <Stack>
        <BackLink />
        <ApiErrorDisplay error={layer.error ?? new Error(t("Annotation layer not found."))} />
      </Stack>
    );
  }
  return <Annotations layerId={layerId} layerName={layer.data?.name ?? ""} />;
}

function BackLink() {
  return (
    <Anchor component={Link} to={annotationPaths.layers} size="sm" data-test="back-to-layers">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        {t("Back to all")}
      </Group>
    </Anchor>
  );
}

function Annotations({ layerId, layerName }: { layerId: number; layerName: string }) {
  const resource = annotationsResource(layerId);
  const perms = useResourcePermissions(LAYERS);
  const [editing, setEditing] = useState<AnnotationRow | "new" | null>(null);
  const { askDelete, modal } = useDeleteFlow<AnnotationRow>({
    resource,
    label: "annotation",
    nameOf: (a) => a.short_descr,
  });
  const columns = useMemo<ListColumn<AnnotationRow>[]>(
    () => [
      {
        id: "short_descr",
        header: t("Label"),
        sortable: true,
        render: (a) =>
          perms.canWrite ? (
            <UnstyledButton onClick={() => setEditing(a)} c="blue" data-test="annotation-label">
              {a.short_descr}
            </UnstyledButton>
          ) : (
            <Text size="sm" data-test="annotation-label">
              {a.short_descr}
            </Text>
          ),
      },
      {
        id: "long_descr",
        header: t("Description"),
        render: (a) => (
          <Text size="sm" lineClamp={2} maw={320}>
            {a.long_descr}
          </Text>
        ),
      },
      {
        id: "start_dttm",
        header: t("Start"),
        sortable: true,
        render: (a) => formatAnnotationDate(a.start_dttm),
      },
      { id: "end_dttm", header: t("End"), sortable: true, render: (a) => formatAnnotationDate(a.end_dttm) },
      lastModifiedColumn<AnnotationRow>(),
      rowActionsColumn({ canWrite: perms.canWrite, askDelete, onEdit: (a) => setEditing(a) }),
    ],
    [perms.canWrite, askDelete],
  );
  return (
    <>
      <BackLink />
      <PageHeader
        title={<span data-test="annotation-layer-title">{t("Annotation layer %s", layerName)}</span>}
        actions={
          perms.canWrite && (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setEditing("new")}
              data-test="btn-add-annotation"
            >
              {t("Annotation")}
            </Button>
          )
        }
      />
      <ListView<AnnotationRow>
        resource={resource}
        resourceLabel="annotation"
        columns={columns}
        filters={filters}
        sortOptions={sortOptions}
        defaultSort={{ id: "start_dttm", desc: false }}
        bulkActions={
          perms.canWrite ? [{ key: "delete", name: t("Delete"), type: "danger", onSelect: askDelete }] : []
        }
      />
      <AnnotationModal layerId={layerId} annotation={editing} onClose={() => setEditing(null)} />
      {modal}
    </>
  );
}
