import { Button, Code, Text } from "@mantine/core";
import { RLS_FILTER_TYPES, type RlsRow } from "@strata/contracts";
import { IconPlus } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { lastModifiedColumn, recencySortOptions, rowActionsColumn } from "../../components/list-columns";
import { type ListColumn, type ListFilterConfig, ListView } from "../../components/list-view";
import { PageHeader } from "../../components/page-header";
import { useDeleteFlow } from "../../components/use-delete-flow";
import { t } from "../../lib/i18n";
import { useResourcePermissions } from "../../lib/resource/resource-info";
import { RLS } from "./api/rules";
import { RuleModal } from "./rule-modal";

const filters: ListFilterConfig[] = [
  { id: "name", title: t("Name"), input: "search", operator: "ct" },
  {
    id: "filter_type",
    title: t("Filter Type"),
    input: "select",
    operator: "eq",
    options: RLS_FILTER_TYPES.map((v) => ({ label: t(v), value: v })),
  },
  { id: "group_key", title: t("Group Key"), input: "search", operator: "ct" },
];

/** `/rowlevelsecurity/list/`: row level security rules (Settings → Security), edited in a modal. */
export default function RlsListPage() {
  const perms = useResourcePermissions(RLS);
  const [editing, setEditing] = useState<RlsRow | "new" | null>(null);
  const { askDelete, modal } = useDeleteFlow<RlsRow>({
    resource: RLS,
    label: "rule",
    nameOf: (r) => r.name,
  });
  const columns = useMemo<ListColumn<RlsRow>[]>(
    () => [
      { id: "name", header: t("Name"), sortable: true, render: (r) => <Text size="sm">{r.name}</Text> },
      { id: "filter_type", header: t("Filter Type"), sortable: true, render: (r) => t(r.filter_type) },
      { id: "group_key", header: t("Group Key"), sortable: true, render: (r) => r.group_key ?? "" },
      {
        id: "clause",
        header: t("Clause"),
        render: (r) => (
          <Code block={false} style={{ whiteSpace: "pre-wrap" }}>
            {r.clause}
          </Code>
        ),
      },
      lastModifiedColumn<RlsRow>(),
      rowActionsColumn({ canWrite: perms.canWrite, askDelete, onEdit: (r) => setEditing(r) }),
    ],
    [perms.canWrite, askDelete],
  );
  return (
    <>
      <PageHeader
        title={t("Row Level Security")}
        actions={
          perms.canWrite && (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setEditing("new")}
              data-test="add-rule"
            >
              {t("Rule")}
            </Button>
          )
        }
      />
      <ListView<RlsRow>
        resource={RLS}
        resourceLabel="rule"
        columns={columns}
        filters={filters}
        sortOptions={recencySortOptions("name")}
        bulkActions={
          perms.canWrite ? [{ key: "delete", name: t("Delete"), type: "danger", onSelect: askDelete }] : []
        }
      />
      <RuleModal rule={editing} onClose={() => setEditing(null)} />
      {modal}
    </>
  );
}
