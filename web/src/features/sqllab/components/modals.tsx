import { Button, Group, JsonInput, Modal, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { ApiErrorDisplay } from "../../../components/error-display";
import { t } from "../../../lib/i18n";
import { useFormSave } from "../../../lib/use-form-save";

/** Save query modal: name and description; Save as new or Update the saved one. */
export function SaveQueryModal({
  opened,
  onClose,
  defaultName,
  canUpdate,
  onSave,
}: {
  opened: boolean;
  onClose: () => void;
  defaultName: string;
  canUpdate: boolean;
  onSave: (label: string, description: string, mode: "new" | "update") => Promise<void>;
}) {
  const [label, setLabel] = useState(defaultName);
  const [description, setDescription] = useState("");
  // `onSave` tells of its own failures (a toast); the modal stays open.
  const { busy, save } = useFormSave({ fieldMessages: false });
  useEffect(() => {
    if (opened) setLabel(defaultName);
  }, [opened, defaultName]);
  const submit = async (mode: "new" | "update") => {
    if (await save({}, () => onSave(label.trim(), description, mode))) onClose();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t("Save query")} data-test="save-query-modal">
      <Stack>
        <TextInput
          label={t("Name")}
          required
          value={label}
          onChange={(e) => setLabel(e.currentTarget.value)}
          data-test="saved-query-name"
        />
        <Textarea
          label={t("Description")}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          autosize
          minRows={3}
          data-test="saved-query-description"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("Cancel")}
          </Button>
          {canUpdate && (
            <Button
              variant="light"
              loading={busy}
              disabled={!label.trim()}
              onClick={() => submit("update")}
              data-test="update-query"
            >
              {t("Update")}
            </Button>
          )}
          <Button
            loading={busy}
            disabled={!label.trim()}
            onClick={() => submit("new")}
            data-test="save-query-submit"
          >
            {canUpdate ? t("Save as new") : t("Save")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Create a virtual dataset from the query: ask for its name, then open it in Explore. */
export function ExploreModal({
  opened,
  onClose,
  defaultName,
  onCreate,
}: {
  opened: boolean;
  onClose: () => void;
  defaultName: string;
  onCreate: (name: string) => Promise<void>;
}) {
  const [name, setName] = useState(defaultName);
  const { busy, failure: error, save, dismiss } = useFormSave({ fieldMessages: false });
  useEffect(() => {
    if (opened) {
      setName(defaultName);
      dismiss();
    }
  }, [opened, defaultName, dismiss]);
  return (
    <Modal opened={opened} onClose={onClose} title={t("Save or Overwrite Dataset")} data-test="explore-modal">
      <Stack>
        <Text size="sm">{t("Save this query as a virtual dataset to continue exploring")}</Text>
        <TextInput
          label={t("Dataset name")}
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          data-test="dataset-name-input"
        />
        {error !== null && <ApiErrorDisplay error={error} source="sqllab" />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("Cancel")}
          </Button>
          <Button
            loading={busy}
            disabled={!name.trim()}
            onClick={() => void save({}, () => onCreate(name.trim()))}
            data-test="explore-submit"
          >
            {t("Save & Explore")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Template parameters as JSON text. */
export function TemplateParamsModal({
  opened,
  onClose,
  value,
  onChange,
}: {
  opened: boolean;
  onClose: () => void;
  value: string;
  onChange: (v: string) => void;
}) {
  const [text, setText] = useState(value);
  useEffect(() => {
    if (opened) setText(value);
  }, [opened, value]);
  let invalid = false;
  if (text.trim()) {
    try {
      const parsed: unknown = JSON.parse(text);
      invalid = typeof parsed !== "object" || parsed === null || Array.isArray(parsed);
    } catch {
      invalid = true;
    }
  }
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("Template parameters")}
      size="lg"
      data-test="template-params-modal"
    >
      <Stack>
        <Text size="sm" c="dimmed">
          {t(
            'Assign a set of parameters as JSON below (example: {"my_table": "foo"}), and they become available in your SQL (example: SELECT * FROM {{ my_table }}) by using Jinja templating syntax.',
          )}
        </Text>
        <JsonInput
          value={text}
          onChange={setText}
          minRows={8}
          autosize
          formatOnBlur
          error={invalid ? t("Invalid JSON") : undefined}
          data-test="template-params-input"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("Cancel")}
          </Button>
          <Button
            disabled={invalid}
            onClick={() => {
              onChange(text);
              onClose();
            }}
            data-test="template-params-apply"
          >
            {t("Apply")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Shown when the clipboard API is unavailable: the shared link, to copy by hand. */
export function ShareLinkModal({ url, onClose }: { url: string | null; onClose: () => void }) {
  return (
    <Modal opened={url !== null} onClose={onClose} title={t("Share query")} data-test="share-link-modal">
      <Stack gap="sm">
        <Text size="sm">{t("Sorry, your browser does not support copying.")}</Text>
        <TextInput
          readOnly
          value={url ?? ""}
          aria-label={t("Link")}
          onFocus={(e) => e.currentTarget.select()}
          data-test="share-link-url"
        />
        <Group justify="flex-end">
          <Button onClick={onClose}>{t("Close")}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
