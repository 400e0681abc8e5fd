import { Badge, Button, Group } from "@mantine/core";
import type { UserRow } from "@strata/contracts";
import { IconPlus } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { AdminOnly } from "../../components/admin-only";
import { rowActionsColumn } from "../../components/list-columns";
import { type ListColumn, type ListFilterConfig, ListView } from "../../components/list-view";
import { PageHeader } from "../../components/page-header";
import { useDeleteFlow } from "../../components/use-delete-flow";
import { t } from "../../lib/i18n";
import { optionsLoader } from "../../lib/resource/resource-options";
import { USERS } from "./api/users";
import { UserModal } from "./user-modal";

const filters: ListFilterConfig[] = [
  { id: "username", title: t("Search"), input: "search", operator: "ct" },
  {
    id: "active",
    title: t("Active"),
    input: "select",
    operator: "eq",
    options: [
      { label: t("Yes"), value: true },
      { label: t("No"), value: false },
    ],
  },
  {
    id: "roles",
    title: t("Role"),
    input: "select",
    operator: "rel_m_m",
    fetchOptions: optionsLoader("related", USERS, "roles"),
  },
];

function UsersList() {
  const [editing, setEditing] = useState<UserRow | "new" | null>(null);
  const { askDelete, modal } = useDeleteFlow<UserRow>({
    resource: USERS,
    label: "user",
    nameOf: (u) => u.username,
  });
  const columns = useMemo<ListColumn<UserRow>[]>(
    () => [
      { id: "username", header: t("Username"), sortable: true },
      { id: "first_name", header: t("First name"), sortable: true },
      { id: "last_name", header: t("Last name"), sortable: true },
      { id: "email", header: t("Email"), sortable: true },
      {
        id: "active",
        header: t("Active"),
        sortable: true,
        render: (u) => (
          <Badge variant="light" color={u.active ? "teal" : "gray"} size="sm">
            {u.active ? t("Yes") : t("No")}
          </Badge>
        ),
      },
      {
        id: "roles",
        header: t("Roles"),
        render: (u) => (
          <Group gap={4}>
            {u.roles.map((r) => (
              <Badge key={r.id} variant="outline" size="sm" tt="none">
                {r.name}
              </Badge>
            ))}
          </Group>
        ),
      },
      rowActionsColumn({ canWrite: true, askDelete, onEdit: (u) => setEditing(u) }),
    ],
    [askDelete],
  );
  return (
    <>
      <PageHeader
        title={t("List users")}
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setEditing("new")}
            data-test="btn-add-user"
          >
            {t("User")}
          </Button>
        }
      />
      <ListView<UserRow>
        resource={USERS}
        resourceLabel="user"
        columns={columns}
        filters={filters}
        defaultSort={{ id: "username", desc: false }}
        bulkActions={[{ key: "delete", name: t("Delete"), type: "danger", onSelect: askDelete }]}
      />
      <UserModal user={editing} onClose={() => setEditing(null)} />
      {modal}
    </>
  );
}

export default function UsersListPage() {
  return (
    <AdminOnly>
      <UsersList />
    </AdminOnly>
  );
}
