import { Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { RolePostSchema, type RoleRow } from "@strata/contracts";
import { IconLock, IconPlus, IconTrash } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { AdminOnly } from "../../components/admin-only";
import { type ListColumn, type ListFilterConfig, ListView } from "../../components/list-view";
import { PageHeader } from "../../components/page-header";
import { RowActions } from "../../components/row-actions";
import { useDeleteFlow } from "../../components/use-delete-flow";
import { errorMessage } from "../../lib/api-error";
import { t } from "../../lib/i18n";
import { revalidateResource } from "../../lib/resource/resource-write";
import { schemaErrors } from "../../lib/schema-errors";
import { toast } from "../../lib/toast";
import { useFormSave } from "../../lib/use-form-save";
import { createRole, ROLES } from "./api/create-role";
import { RolePermissionsModal } from "./role-permissions-modal";

const filters: ListFilterConfig[] = [{ id: "name", title: t("Search"), input: "search", operator: "ct" }];

function AddRoleModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [name, setName] = useState("");
  const { busy, errors, failure, save, reset } = useFormSave({ fieldMessages: false });
  const close = () => {
    setName("");
    reset();
    onClose();
  };
  const submit = async () => {
    const saved = await save(schemaErrors(RolePostSchema, { name }), async () => {
      await createRole(name.trim());
      toast.success(t("Role %s created", name.trim()));
      await revalidateResource(ROLES);
    });
    if (saved) close();
  };
  return (
    <Modal opened={opened} onClose={close} title={t("Add role")} data-test="role-modal">
      <Stack>
        <TextInput
          label={t("Name")}
          required
          value={name}
          error={errors.name ?? (failure == null ? undefined : errorMessage(failure))}
          onChange={(e) => setName(e.currentTarget.value)}
          data-test="role-name"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t("Cancel")}
          </Button>
          <Button onClick={submit} loading={busy} data-test="modal-save-button">
            {t("Save")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function RolesList() {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<RoleRow | null>(null);
  const { askDelete, modal } = useDeleteFlow<RoleRow>({
    resource: ROLES,
    label: "role",
    nameOf: (r) => r.name,
  });
  const columns = useMemo<ListColumn<RoleRow>[]>(
    () => [
      { id: "name", header: t("Name"), sortable: true },
      {
        id: "actions",
        header: t("Actions"),
        render: (r) => (
          <RowActions
            actions={[
              {
                label: t("Edit permissions"),
                icon: <IconLock size={16} />,
                test: "edit",
                onClick: () => setEditing(r),
              },
              {
                label: t("Delete"),
                icon: <IconTrash size={16} />,
                test: "delete",
                color: "red",
                onClick: () => void askDelete([r]),
              },
            ]}
          />
        ),
      },
    ],
    [askDelete],
  );
  return (
    <>
      <PageHeader
        title={t("List roles")}
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setAdding(true)}
            data-test="btn-add-role"
          >
            {t("Role")}
          </Button>
        }
      />
      <ListView<RoleRow>
        resource={ROLES}
        resourceLabel="role"
        columns={columns}
        filters={filters}
        defaultSort={{ id: "name", desc: false }}
        bulkActions={[{ key: "delete", name: t("Delete"), type: "danger", onSelect: askDelete }]}
      />
      <AddRoleModal opened={adding} onClose={() => setAdding(false)} />
      <RolePermissionsModal role={editing} onClose={() => setEditing(null)} />
      {modal}
    </>
  );
}

export default function RolesListPage() {
  return (
    <AdminOnly>
      <RolesList />
    </AdminOnly>
  );
}
