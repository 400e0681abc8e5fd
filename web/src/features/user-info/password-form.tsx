import { Button, Group, Stack } from "@mantine/core";
import { PasswordChangeSchema } from "@strata/contracts";
import { useState } from "react";
import { ApiErrorDisplay } from "../../components/error-display";
import { SecretInput } from "../../components/secret-input";
import { t } from "../../lib/i18n";
import { schemaErrors } from "../../lib/schema-errors";
import { toast } from "../../lib/toast";
import { useFormSave } from "../../lib/use-form-save";
import { changePassword } from "./api/change-password";

/** Changing one's own password: the current one, the new one twice. */
export function PasswordForm({ onDone }: { onDone: () => void }) {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const { busy, errors, failure, save } = useFormSave();

  const submit = async () => {
    const body = { current_password: current, new_password: next };
    const found = schemaErrors(PasswordChangeSchema, body);
    if (!found.new_password && confirm !== next) found.confirm = t("Passwords do not match!");
    const ok = await save(found, () => changePassword(body));
    if (!ok) return;
    toast.success(t("Password changed. Other sessions and tokens were signed out."));
    onDone();
  };

  return (
    <Stack maw={420}>
      <SecretInput
        label={t("Current password")}
        required
        autoComplete="current-password"
        value={current}
        error={errors.current_password}
        onChange={(e) => setCurrent(e.currentTarget.value)}
        data-autofocus
      />
      <SecretInput
        label={t("New password")}
        required
        autoComplete="new-password"
        value={next}
        error={errors.new_password}
        onChange={(e) => setNext(e.currentTarget.value)}
      />
      <SecretInput
        label={t("Confirm new password")}
        required
        autoComplete="new-password"
        value={confirm}
        error={errors.confirm}
        onChange={(e) => setConfirm(e.currentTarget.value)}
      />
      {failure !== null && <ApiErrorDisplay error={failure} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t("Cancel")}
        </Button>
        <Button onClick={submit} loading={busy} data-test="password-save">
          {t("Change password")}
        </Button>
      </Group>
    </Stack>
  );
}
