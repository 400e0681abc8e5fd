import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { errorMessage } from "../lib/api-error";
import { t } from "../lib/i18n";
import { toast } from "../lib/toast";
import { useFormSave } from "../lib/use-form-save";

interface Props {
  opened: boolean;
  title: string;
  description: React.ReactNode;
  /** Shown under the description: what the deletion affects (block content, unlike the description). */
  details?: React.ReactNode;
  onConfirm: () => unknown;
  onClose: () => void;
}

/** Superset-style deletion guard: type DELETE to enable the button. */
export function DeleteConfirmModal({ opened, title, description, details, onConfirm, onClose }: Props) {
  const [text, setText] = useState("");
  // Callers report their own outcome (a toast); anything they let through is a toast too.
  const { busy, save } = useFormSave({
    fieldMessages: false,
    onFailure: (err) => toast.danger(errorMessage(err)),
  });
  const close = () => {
    setText("");
    onClose();
  };
  const confirm = async () => {
    await save({}, async () => onConfirm());
    close();
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered data-test="delete-modal">
      <Stack>
        <Text size="sm">{description}</Text>
        {details}
        <TextInput
          label={t('Type "%s" to confirm', "DELETE")}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          data-test="delete-modal-input"
          data-autofocus
          onKeyDown={(e) => {
            if (e.key === "Enter" && text.toUpperCase() === "DELETE") void confirm();
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t("Cancel")}
          </Button>
          <Button
            color="red"
            disabled={text.toUpperCase() !== "DELETE"}
            loading={busy}
            onClick={confirm}
            data-test="modal-confirm-button"
          >
            {t("Delete")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
