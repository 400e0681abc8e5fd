import { Button, Group, Modal, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { AnnotationPostSchema, type AnnotationRow, normalizeAnnotationDate } from "@strata/contracts";
import { useState } from "react";
import { ApiErrorDisplay } from "../../components/error-display";
import { t } from "../../lib/i18n";
import { revalidateResource } from "../../lib/resource/resource-write";
import { schemaErrors } from "../../lib/schema-errors";
import { toast } from "../../lib/toast";
import { useFormSave } from "../../lib/use-form-save";
import { fromInputValue, toInputValue } from "./annotation-dates";
import { annotationsResource, createAnnotation, updateAnnotation } from "./api/annotations";
import { useLastValue } from "../../lib/use-last-value";

interface Props {
  layerId: number;
  /** The annotation to edit, "new" to add one, null when closed. */
  annotation: AnnotationRow | "new" | null;
  onClose: () => void;
}

/** Add or edit an annotation: a short description, a time span (UTC), details and JSON metadata. */
export function AnnotationModal({ layerId, annotation: current, onClose }: Props) {
  const { value: annotation, opening } = useLastValue(current);
  const isNew = annotation === "new";
  return (
    <Modal
      opened={current !== null}
      onClose={onClose}
      title={isNew ? t("Add annotation") : t("Edit annotation")}
      size="lg"
      data-test="annotation-modal"
    >
      {annotation !== null && (
        <AnnotationForm
          key={opening}
          layerId={layerId}
          annotation={isNew ? null : annotation}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function AnnotationForm({
  layerId,
  annotation,
  onClose,
}: {
  layerId: number;
  annotation: AnnotationRow | null;
  onClose: () => void;
}) {
  const [values, setValues] = useState({
    short_descr: annotation?.short_descr ?? "",
    start_dttm: toInputValue(annotation?.start_dttm),
    end_dttm: toInputValue(annotation?.end_dttm),
    long_descr: annotation?.long_descr ?? "",
    json_metadata: annotation?.json_metadata ?? "",
  });
  const set = (key: keyof typeof values, value: string) => setValues((v) => ({ ...v, [key]: value }));
  const { busy, errors, failure, save } = useFormSave();

  const submit = async () => {
    const body = {
      short_descr: values.short_descr,
      start_dttm: fromInputValue(values.start_dttm),
      // An event: the end defaults to the start.
      end_dttm: fromInputValue(values.end_dttm || values.start_dttm),
      long_descr: values.long_descr.trim() ? values.long_descr : null,
      json_metadata: values.json_metadata.trim() ? values.json_metadata : null,
    };
    const found = schemaErrors(AnnotationPostSchema, body);
    const [start, end] = [body.start_dttm, body.end_dttm].map(normalizeAnnotationDate);
    if (start && end && end < start) {
      found.end_dttm = t("End date must be after start date");
    }
    const ok = await save(found, () =>
      annotation ? updateAnnotation(layerId, annotation.id, body) : createAnnotation(layerId, body),
    );
    if (!ok) return;
    toast.success(annotation ? t("Annotation updated") : t("Annotation added"));
    await revalidateResource(annotationsResource(layerId));
    onClose();
  };

  return (
    <Stack>
      <TextInput
        label={t("Short description")}
        required
        data-autofocus
        value={values.short_descr}
        error={errors.short_descr}
        onChange={(e) => set("short_descr", e.currentTarget.value)}
        data-test="annotation-short-descr"
      />
      <SimpleGrid cols={2}>
        <TextInput
          type="datetime-local"
          step={1}
          label={t("Start (UTC)")}
          required
          value={values.start_dttm}
          error={errors.start_dttm}
          onChange={(e) => set("start_dttm", e.currentTarget.value)}
          data-test="annotation-start"
        />
        <TextInput
          type="datetime-local"
          step={1}
          label={t("End (UTC)")}
          description={t("Empty: the same as the start (an event)")}
          value={values.end_dttm}
          error={errors.end_dttm}
          onChange={(e) => set("end_dttm", e.currentTarget.value)}
          data-test="annotation-end"
        />
      </SimpleGrid>
      <Textarea
        label={t("Description")}
        autosize
        minRows={3}
        value={values.long_descr}
        error={errors.long_descr}
        onChange={(e) => set("long_descr", e.currentTarget.value)}
        data-test="annotation-long-descr"
      />
      <Textarea
        label={t("JSON metadata")}
        autosize
        minRows={2}
        ff="monospace"
        placeholder='{"key": "value"}'
        value={values.json_metadata}
        error={errors.json_metadata}
        onChange={(e) => set("json_metadata", e.currentTarget.value)}
        data-test="annotation-json-metadata"
      />
      {failure !== null && <ApiErrorDisplay error={failure} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t("Cancel")}
        </Button>
        <Button onClick={submit} loading={busy} data-test="modal-save-button">
          {annotation ? t("Save") : t("Add")}
        </Button>
      </Group>
    </Stack>
  );
}
