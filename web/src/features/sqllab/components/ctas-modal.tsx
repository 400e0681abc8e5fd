import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { t } from "../../../lib/i18n";
import type { CtasMethod } from "../model/types";

/** A table or view name the server can take as is (it generates one when the name is empty). */
export const CTAS_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Asks the name of the table/view a CREATE TABLE/VIEW AS run creates. */
export function CtasModal({
  method,
  onClose,
  onRun,
}: {
  method: CtasMethod | null;
  onClose: () => void;
  onRun: (method: CtasMethod, name: string) => void;
}) {
  const [name, setName] = useState("");
  useEffect(() => {
    if (method) setName("");
  }, [method]);
  const trimmed = name.trim();
  const invalid = trimmed !== "" && !CTAS_NAME.test(trimmed);
  const isView = method === "VIEW";
  const submit = () => {
    if (!method || invalid) return;
    onRun(method, trimmed);
    onClose();
  };
  return (
    <Modal
      opened={method !== null}
      onClose={onClose}
      title={isView ? t("Create view as") : t("Create table as")}
      data-test="ctas-modal"
    >
      <Stack>
        <Text size="sm" c="dimmed">
          {isView
            ? t("Runs the SELECT and keeps it as a view.")
            : t("Runs the SELECT and stores its rows in a new table.")}
        </Text>
        <TextInput
          label={isView ? t("View name") : t("Table name")}
          description={t("Leave empty to let the server pick a name")}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          onKeyDown={(e) => e.key === "Enter" && submit()}
          error={invalid ? t("Use letters, digits and underscores, not starting with a digit") : undefined}
          data-autofocus
          data-test="ctas-name"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("Cancel")}
          </Button>
          <Button disabled={invalid} onClick={submit} data-test="ctas-submit">
            {isView ? t("Create view") : t("Create table")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
