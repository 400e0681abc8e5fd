import { Button, Center, Group, Loader, Modal, MultiSelect, Stack, Text } from "@mantine/core";
import type { RoleRow } from "@strata/contracts";
import { useState } from "react";
import { mutate } from "swr";
import { ApiErrorDisplay } from "../../components/error-display";
import { errorMessage } from "../../lib/api-error";
import { t } from "../../lib/i18n";
import { toast } from "../../lib/toast";
import { useFormSave } from "../../lib/use-form-save";
import { usePermissionResources } from "./api/permission-resources";
import { rolePermissionsKey, useRolePermissions } from "./api/role-permissions";
import { setRolePermissions } from "./api/set-role-permissions";

interface Props {
  role: RoleRow | null;
  onClose: () => void;
}

export function RolePermissionsModal({ role, onClose }: Props) {
  return (
    <Modal
      opened={role !== null}
      onClose={onClose}
      title={role ? t("Permissions of %s", role.name) : ""}
      size="xl"
      data-test="role-permissions-modal"
    >
      {role && <PermissionsForm key={role.id} role={role} onClose={onClose} />}
    </Modal>
  );
}

function PermissionsForm({ role, onClose }: { role: RoleRow; onClose: () => void }) {
  const all = usePermissionResources(true);
  const current = useRolePermissions(role.id);
  if (all.error || current.error) return <ApiErrorDisplay error={all.error ?? current.error} />;
  if (!all.data || !current.data) {
    return (
      <Center p="xl">
        <Loader aria-label={t("Loading")} />
      </Center>
    );
  }
  return (
    <PermissionsPicker
      role={role}
      options={all.data.map((p) => ({
        value: String(p.id),
        label: `${p.permission.name} on ${p.view_menu.name}`,
      }))}
      initial={current.data.map((p) => String(p.id))}
      onClose={onClose}
    />
  );
}

function PermissionsPicker({
  role,
  options,
  initial,
  onClose,
}: {
  role: RoleRow;
  options: { value: string; label: string }[];
  initial: string[];
  onClose: () => void;
}) {
  const [value, setValue] = useState(initial);
  const form = useFormSave({
    fieldMessages: false,
    onFailure: (err) =>
      toast.danger(t("Sorry, there was an error saving this %s: %s", "role", errorMessage(err))),
  });
  const { busy } = form;
  const save = async () => {
    const saved = await form.save({}, async () => {
      await setRolePermissions(role.id, value.map(Number));
      await mutate(rolePermissionsKey(role.id));
      toast.success(t("Permissions of %s saved", role.name));
    });
    if (saved) onClose();
  };
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t("%s of %s permissions selected", value.length, options.length)}
      </Text>
      <MultiSelect
        label={t("Permissions")}
        placeholder={t("Search permissions")}
        searchable
        clearable
        limit={200}
        maxDropdownHeight={320}
        data={options}
        value={value}
        onChange={setValue}
        data-test="role-permissions-select"
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t("Cancel")}
        </Button>
        <Button onClick={save} loading={busy} data-test="modal-save-button">
          {t("Save")}
        </Button>
      </Group>
    </Stack>
  );
}
