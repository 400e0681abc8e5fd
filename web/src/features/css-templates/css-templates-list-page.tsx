import { Button, Text, Tooltip } from "@mantine/core";
import type { CssTemplateRow } from "@strata/contracts";
import { IconPlus } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { recencySortOptions, rowActionsColumn } from "../../components/list-columns";
import { type ListColumn, type ListFilterConfig, ListView } from "../../components/list-view";
import { ownerName } from "../../components/owner-avatars";
import { PageHeader } from "../../components/page-header";
import { useDeleteFlow } from "../../components/use-delete-flow";
import { formatDateTime, localizeHumanized, t } from "../../lib/i18n";
import { useResourcePermissions } from "../../lib/resource/resource-info";
import { optionsLoader } from "../../lib/resource/resource-options";
import { CSS_TEMPLATES } from "./api/css-templates";
import { CssTemplateModal } from "./css-template-modal";

const filters: ListFilterConfig[] = [
  { id: "template_name", title: t("Search"), input: "search", operator: "css_template_all_text" },
  {
    id: "created_by",
    title: t("Created by"),
    input: "select",
    operator: "rel_o_m",
    fetchOptions: optionsLoader("related", CSS_TEMPLATES, "created_by"),
  },
];

/** `/csstemplatemodelview/list/`: CSS templates (Settings → Manage), added and edited in a modal. */
export default function CssTemplatesListPage() {
  const perms = useResourcePermissions(CSS_TEMPLATES);
  const [editing, setEditing] = useState<CssTemplateRow | "new" | null>(null);
  const { askDelete, modal } = useDeleteFlow<CssTemplateRow>({
    resource: CSS_TEMPLATES,
    label: t("css template"),
    nameOf: (row) => row.template_name,
  });
  const columns = useMemo<ListColumn<CssTemplateRow>[]>(
    () => [
      {
        id: "template_name",
        header: t("Name"),
        sortable: true,
        render: (row) => (
          <Text size="sm" data-test="css-template-name-cell">
            {row.template_name}
          </Text>
        ),
      },
      {
        id: "changed_on_delta_humanized",
        header: t("Last modified"),
        sortable: true,
        render: (row) => (
          <Tooltip
            label={row.changed_by ? t("Modified by: %s", ownerName(row.changed_by)) : ""}
            disabled={!row.changed_by}
          >
            <Text size="sm">{localizeHumanized(row.changed_on_delta_humanized)}</Text>
          </Tooltip>
        ),
      },
      {
        id: "created_on",
        header: t("Created on"),
        sortable: true,
        render: (row) => <Text size="sm">{formatDateTime(row.created_on)}</Text>,
      },
      {
        id: "created_by",
        header: t("Created by"),
        render: (row) => (row.created_by ? ownerName(row.created_by) : ""),
      },
      rowActionsColumn({ canWrite: perms.canWrite, askDelete, onEdit: (row) => setEditing(row) }),
    ],
    [perms.canWrite, askDelete],
  );
  return (
    <>
      <PageHeader
        title={t("CSS templates")}
        actions={
          perms.canWrite && (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setEditing("new")}
              data-test="btn-add-css-template"
            >
              {t("CSS template")}
            </Button>
          )
        }
      />
      <ListView<CssTemplateRow>
        resource={CSS_TEMPLATES}
        resourceLabel="css template"
        columns={columns}
        filters={filters}
        sortOptions={recencySortOptions("template_name")}
        bulkActions={
          perms.canWrite ? [{ key: "delete", name: t("Delete"), type: "danger", onSelect: askDelete }] : []
        }
      />
      <CssTemplateModal template={editing} onClose={() => setEditing(null)} />
      {modal}
    </>
  );
}
