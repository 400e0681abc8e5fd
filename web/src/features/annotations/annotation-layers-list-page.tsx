import { Anchor, Button, Text } from "@mantine/core";
import type { AnnotationLayerRow } from "@strata/contracts";
import { IconPlus } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { lastModifiedColumn, recencySortOptions, rowActionsColumn } from "../../components/list-columns";
import { type ListColumn, type ListFilterConfig, ListView } from "../../components/list-view";
import { PageHeader } from "../../components/page-header";
import { useDeleteFlow } from "../../components/use-delete-flow";
import { t } from "../../lib/i18n";
import { useResourcePermissions } from "../../lib/resource/resource-info";
import { optionsLoader } from "../../lib/resource/resource-options";
import { LAYERS } from "./api/layers";
import { LayerModal } from "./layer-modal";
import { annotationPaths } from "./paths";

const filters: ListFilterConfig[] = [
  { id: "name", title: t("Search"), input: "search", operator: "annotation_layer_all_text" },
  {
    id: "created_by",
    title: t("Created by"),
    input: "select",
    operator: "rel_o_m",
    fetchOptions: optionsLoader("related", LAYERS, "created_by"),
  },
];

const userName = (u: { first_name: string; last_name: string } | null) =>
  u ? `${u.first_name} ${u.last_name}` : "";

/** `/annotationlayer/list/`: annotation layers, each linking to its annotations. */
export default function AnnotationLayersListPage() {
  const perms = useResourcePermissions(LAYERS);
  const [editing, setEditing] = useState<AnnotationLayerRow | "new" | null>(null);
  const { askDelete, modal } = useDeleteFlow<AnnotationLayerRow>({
    resource: LAYERS,
    label: t("annotation layer"),
    nameOf: (l) => l.name,
  });
  const columns = useMemo<ListColumn<AnnotationLayerRow>[]>(
    () => [
      {
        id: "name",
        header: t("Name"),
        sortable: true,
        render: (l) => (
          <Anchor component={Link} to={annotationPaths.layer(l.id)} data-test="annotation-layer-link">
            {l.name}
          </Anchor>
        ),
      },
      {
        id: "descr",
        header: t("Description"),
        sortable: true,
        render: (l) => (
          <Text size="sm" lineClamp={2} maw={360}>
            {l.descr}
          </Text>
        ),
      },
      { id: "created_by", header: t("Created by"), render: (l) => userName(l.created_by) },
      lastModifiedColumn<AnnotationLayerRow>(),
      rowActionsColumn({ canWrite: perms.canWrite, askDelete, onEdit: (l) => setEditing(l) }),
    ],
    [perms.canWrite, askDelete],
  );
  return (
    <>
      <PageHeader
        title={t("Annotation layers")}
        actions={
          perms.canWrite && (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setEditing("new")}
              data-test="btn-add-annotation-layer"
            >
              {t("Annotation layer")}
            </Button>
          )
        }
      />
      <ListView<AnnotationLayerRow>
        resource={LAYERS}
        resourceLabel="annotation layer"
        columns={columns}
        filters={filters}
        sortOptions={recencySortOptions("name")}
        bulkActions={
          perms.canWrite ? [{ key: "delete", name: t("Delete"), type: "danger", onSelect: askDelete }] : []
        }
      />
      <LayerModal layer={editing} onClose={() => setEditing(null)} />
      {modal}
    </>
  );
}
