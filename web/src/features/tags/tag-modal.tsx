import { Button, Group, Modal, Stack, Textarea, TextInput } from "@mantine/core";
import { TagPostSchema, type TagRow } from "@strata/contracts";
import { useState } from "react";
import { ApiErrorDisplay } from "../../components/error-display";
import { t } from "../../lib/i18n";
import { revalidateResource } from "../../lib/resource/resource-write";
import { schemaErrors } from "../../lib/schema-errors";
import { toast } from "../../lib/toast";
import { useFormSave } from "../../lib/use-form-save";
import { useLastValue } from "../../lib/use-last-value";
import { createTag, TAGS, updateTag } from "./api/tags";

interface Props {
  /** The tag to edit, "new" to create one, null when closed. */
  tag: TagRow | "new" | null;
  onClose: () => void;
}

/** Create or edit a tag: a name and a description. */
export function TagModal({ tag: current, onClose }: Props) {
  const { value: tag, opening } = useLastValue(current);
  const isNew = tag === "new";
  return (
    <Modal
      opened={current !== null}
      onClose={onClose}
      title={isNew ? t("Create Tag") : t("Edit Tag")}
      data-test="tag-modal"
    >
      {tag !== null && <TagForm key={opening} tag={isNew ? null : tag} onClose={onClose} />}
    </Modal>
  );
}

function TagForm({ tag, onClose }: { tag: TagRow | null; onClose: () => void }) {
  const [name, setName] = useState(tag?.name ?? "");
  const [description, setDescription] = useState(tag?.description ?? "");
  const { busy, errors, failure, save } = useFormSave();

  const submit = async () => {
    const body = { name, description: description.trim() ? description : null };
    const ok = await save(schemaErrors(TagPostSchema, body), () =>
      tag ? updateTag(tag.id, body) : createTag(body),
    );
    if (!ok) return;
    toast.success(tag ? t("Tag updated") : t("Tag created"));
    await revalidateResource(TAGS);
    onClose();
  };

  return (
    <Stack>
      <TextInput
        label={t("Tag name")}
        required
        data-autofocus
        value={name}
        error={errors.name}
        onChange={(e) => setName(e.currentTarget.value)}
        data-test="tag-name"
      />
      <Textarea
        label={t("Description")}
        autosize
        minRows={3}
        value={description}
        error={errors.description}
        onChange={(e) => setDescription(e.currentTarget.value)}
        data-test="tag-description"
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
