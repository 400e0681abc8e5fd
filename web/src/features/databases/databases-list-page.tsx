import { Button, Text } from "@mantine/core";
import type { DatabaseRow } from "@strata/contracts";
import { IconCheck, IconPlugConnected, IconPlus, IconUpload } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { hiddenColumn, lastModifiedColumn, rowActionsColumn } from "../../components/list-columns";
import {
  type ListColumn,
  type ListFilterConfig,
  ListView,
  type SortOption,
} from "../../components/list-view";
import { ownerName } from "../../components/owner-avatars";
import { exportBulkActions, exportRowAction, ImportButton } from "../../components/import-export";
import { PageHeader } from "../../components/page-header";
import { RelatedObjectsNotice } from "../../components/related-objects/related-objects-notice";
import { useDeleteFlow } from "../../components/use-delete-flow";
import { errorMessage } from "../../lib/api-error";
import { useCurrentUser } from "../../lib/auth/current-user";
import { t } from "../../lib/i18n";
import { useResourcePermissions } from "../../lib/resource/resource-info";
import { optionsLoader } from "../../lib/resource/resource-options";
import { toast } from "../../lib/toast";
import { testExistingDatabase } from "./api/test-existing-database";
import type { UploadType } from "./api/upload-file";
import { DatabaseModal } from "./components/database-modal/database-modal";
import { UploadModal } from "./components/upload-modal";

const RESOURCE = "database";

const yesNo = [
  { label: t("Yes"), value: true },
  { label: t("No"), value: false },
];

const filters: ListFilterConfig[] = [
  { id: "database_name", title: t("Search"), input: "search", operator: "ct" },
  { id: "expose_in_sqllab", title: t("Expose in SQL Lab"), input: "select", operator: "eq", options: yesNo },
  { id: "allow_run_async", title: t("AQE"), input: "select", operator: "eq", options: yesNo },
  {
    id: "created_by",
    title: t("Created by"),
    input: "select",
    operator: "rel_o_m",
    fetchOptions: optionsLoader("related", RESOURCE, "created_by"),
  },
];

const sortOptions: SortOption[] = [
  { id: "database_name", desc: false, label: t("Alphabetical"), value: "alphabetical" },
  { id: "changed_on_delta_humanized", desc: true, label: t("Recently modified"), value: "recently_modified" },
];

function Flag({ on }: { on: boolean }) {
  return on ? <IconCheck size={16} aria-label={t("Yes")} color="var(--mantine-color-teal-7)" /> : null;
}

const UPLOAD_TYPES: UploadType[] = ["csv", "excel", "columnar"];

/** Tests a saved connection and toasts the outcome. */
async function runTest(db: DatabaseRow) {
  try {
    await testExistingDatabase(db.id);
    toast.success(t("Connection looks good!"));
  } catch (err) {
    toast.danger(t("ERROR: %s", errorMessage(err)));
  }
}

export default function DatabasesListPage() {
  const perms = useResourcePermissions(RESOURCE);
  const { can } = useCurrentUser();
  const canUpload = can("can_upload", "Database");
  const [params, setParams] = useSearchParams();
  const uploadParam = params.get("upload");
  // `?create=database` (the navbar's "Connect database") opens the connection form at once.
  const [editing, setEditing] = useState<number | "new" | null>(() =>
    params.get("create") === "database" && can("can_write", "Database") ? "new" : null,
  );
  const { askDelete, modal } = useDeleteFlow<DatabaseRow>({
    resource: RESOURCE,
    label: "database",
    nameOf: (d) => d.database_name,
    details: (d) => <RelatedObjectsNotice resource="database" id={d.id} />,
  });

  const closeUpload = () =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete("upload");
        return next;
      },
      { replace: true },
    );
  const openUpload = () =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set("upload", "csv");
        return next;
      },
      { replace: true },
    );

  const columns = useMemo<ListColumn<DatabaseRow>[]>(
    () => [
      {
        id: "database_name",
        header: t("Name"),
        sortable: true,
        render: (d) => (
          <Text size="sm" fw={500}>
            {d.database_name}
          </Text>
        ),
      },
      { id: "backend", header: t("Backend"), sortable: true },
      {
        id: "allow_run_async",
        header: t("AQE"),
        sortable: true,
        render: (d) => <Flag on={d.allow_run_async} />,
      },
      { id: "allow_dml", header: t("DML"), sortable: true, render: (d) => <Flag on={d.allow_dml} /> },
      {
        id: "allow_file_upload",
        header: t("File upload"),
        sortable: true,
        render: (d) => <Flag on={d.allow_file_upload} />,
      },
      {
        id: "expose_in_sqllab",
        header: t("Expose in SQL Lab"),
        sortable: true,
        render: (d) => <Flag on={d.expose_in_sqllab} />,
      },
      {
        id: "created_by",
        header: t("Created by"),
        render: (d) => (d.created_by ? ownerName(d.created_by) : ""),
      },
      lastModifiedColumn<DatabaseRow>(),
      hiddenColumn("id"),
      rowActionsColumn<DatabaseRow>({
        canWrite: perms.canWrite,
        askDelete,
        onEdit: (d) => setEditing(d.id),
        more: (d) => [
          {
            label: t("Test connection"),
            icon: <IconPlugConnected size={16} />,
            test: "test-connection",
            hidden: !perms.canWrite,
            onClick: () => void runTest(d),
          },
          exportRowAction({ resource: RESOURCE, label: "databases", canExport: perms.canExport }, d.id),
        ],
      }),
    ],
    [perms.canWrite, perms.canExport, askDelete],
  );

  return (
    <>
      <PageHeader
        title={t("Databases")}
        actions={
          <>
            {canUpload && (
              <Button
                variant="default"
                leftSection={<IconUpload size={16} />}
                onClick={openUpload}
                data-test="btn-upload"
              >
                {t("Upload file")}
              </Button>
            )}
            {perms.canWrite && <ImportButton resource={RESOURCE} label="database" plural="databases" />}
            {perms.canWrite && (
              <Button
                leftSection={<IconPlus size={16} />}
                onClick={() => setEditing("new")}
                data-test="btn-create-database"
              >
                {t("Database")}
              </Button>
            )}
          </>
        }
      />
      <ListView<DatabaseRow>
        resource={RESOURCE}
        resourceLabel="database"
        columns={columns}
        filters={filters}
        sortOptions={sortOptions}
        defaultSort={{ id: "changed_on_delta_humanized", desc: true }}
        bulkActions={[
          ...exportBulkActions<DatabaseRow>({
            resource: RESOURCE,
            label: "databases",
            canExport: perms.canExport,
          }),
          ...(perms.canWrite
            ? [{ key: "delete", name: t("Delete"), type: "danger" as const, onSelect: askDelete }]
            : []),
        ]}
      />
      <DatabaseModal
        opened={editing !== null}
        databaseId={typeof editing === "number" ? editing : null}
        onClose={() => {
          setEditing(null);
          if (params.has("create"))
            setParams(
              (prev) => {
                const next = new URLSearchParams(prev);
                next.delete("create");
                return next;
              },
              { replace: true },
            );
        }}
      />
      <UploadModal
        opened={canUpload && uploadParam !== null}
        initialType={UPLOAD_TYPES.includes(uploadParam as UploadType) ? (uploadParam as UploadType) : "csv"}
        onClose={closeUpload}
      />
      {modal}
    </>
  );
}
