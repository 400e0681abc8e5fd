import { Button, Group, Modal, MultiSelect, SimpleGrid, Stack, Switch, TextInput } from "@mantine/core";
import { type UserPost, UserPostSchema, type UserPut, UserPutSchema, type UserRow } from "@strata/contracts";
import { useState } from "react";
import { ApiErrorDisplay } from "../../components/error-display";
import { SecretInput } from "../../components/secret-input";
import { t } from "../../lib/i18n";
import { revalidateResource } from "../../lib/resource/resource-write";
import { schemaErrors } from "../../lib/schema-errors";
import { toast } from "../../lib/toast";
import { useFormSave } from "../../lib/use-form-save";
import { useRoleChoices } from "./api/role-choices";
import { createUser, USERS, updateUser } from "./api/users";

interface Props {
  /** The user to edit, "new" to create, null when closed. */
  user: UserRow | "new" | null;
  onClose: () => void;
}

export function UserModal({ user, onClose }: Props) {
  const isNew = user === "new";
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title={isNew ? t("Add user") : t("Edit user")}
      size="lg"
      data-test="user-modal"
    >
      {user !== null && (
        <UserForm key={isNew ? "new" : user.id} user={isNew ? null : user} onClose={onClose} />
      )}
    </Modal>
  );
}

function UserForm({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const roles = useRoleChoices();
  const [values, setValues] = useState({
    username: user?.username ?? "",
    first_name: user?.first_name ?? "",
    last_name: user?.last_name ?? "",
    email: user?.email ?? "",
    password: "",
    active: user?.active ?? true,
    roles: (user?.roles ?? []).map((r) => String(r.id)),
  });
  const { busy, errors, failure, save } = useFormSave();
  const set = <K extends keyof typeof values>(k: K, v: (typeof values)[K]) =>
    setValues((p) => ({ ...p, [k]: v }));

  const submit = async () => {
    const full: UserPost = { ...values, roles: values.roles.map(Number) };
    const body: UserPut = { ...full };
    if (user && !values.password) delete body.password;
    const found = schemaErrors(user ? UserPutSchema : UserPostSchema, body);
    const ok = await save(found, () => (user ? updateUser(user.id, body) : createUser(full)));
    if (!ok) return;
    toast.success(user ? t("User %s updated", values.username) : t("User %s created", values.username));
    await revalidateResource(USERS);
    onClose();
  };

  return (
    <Stack>
      <TextInput
        label={t("Username")}
        required
        value={values.username}
        error={errors.username}
        onChange={(e) => set("username", e.currentTarget.value)}
        data-test="user-username"
      />
      <SimpleGrid cols={2}>
        <TextInput
          label={t("First name")}
          required
          value={values.first_name}
          error={errors.first_name}
          onChange={(e) => set("first_name", e.currentTarget.value)}
          data-test="user-first-name"
        />
        <TextInput
          label={t("Last name")}
          required
          value={values.last_name}
          error={errors.last_name}
          onChange={(e) => set("last_name", e.currentTarget.value)}
          data-test="user-last-name"
        />
      </SimpleGrid>
      <TextInput
        label={t("Email")}
        required
        type="email"
        value={values.email}
        error={errors.email}
        onChange={(e) => set("email", e.currentTarget.value)}
        data-test="user-email"
      />
      <SecretInput
        label={t("Password")}
        required={!user}
        description={user ? t("Leave empty to keep the current password") : undefined}
        autoComplete="new-password"
        value={values.password}
        error={errors.password}
        onChange={(e) => set("password", e.currentTarget.value)}
        data-test="user-password"
      />
      <MultiSelect
        label={t("Roles")}
        required
        searchable
        data={(roles.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
        value={values.roles}
        error={errors.roles}
        onChange={(v) => set("roles", v)}
        data-test="user-roles"
      />
      <Switch
        label={t("Is active?")}
        checked={values.active}
        onChange={(e) => set("active", e.currentTarget.checked)}
      />
      {failure !== null && <ApiErrorDisplay error={failure} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t("Cancel")}
        </Button>
        <Button onClick={submit} loading={busy} data-test="modal-save-button">
          {t("Save")}
        </Button>
      </Group>
    </Stack>
  );
}
