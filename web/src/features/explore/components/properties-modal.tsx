import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  NumberInput,
  Stack,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useState } from "react";
import type { IdOption } from "../../../components/related-multi-select";
import { RelatedMultiSelect } from "../../../components/related-multi-select";
import { ownerName } from "../../../components/owner-avatars";
import { errorMessage } from "../../../lib/api-error";
import { t } from "../../../lib/i18n";
import { useFormSave } from "../../../lib/use-form-save";
import { useLoadOnce } from "../../../lib/use-load-once";
import { toast } from "../../../lib/toast";
import { type ChartProperties, fetchChart } from "../api/chart-properties";
import { updateChart } from "../api/update-chart";

interface Fields {
  slice_name: string;
  description: string;
  cache_timeout: number | string;
  certified_by: string;
  certification_details: string;
  owners: IdOption[];
}

/** Chart edit modal (001 §2): name, description, cache timeout, certification, owners. */
export function PropertiesModal({
  sliceId,
  opened,
  onClose,
  onSaved,
}: {
  sliceId: number;
  opened: boolean;
  onClose: () => void;
  onSaved: (name: string) => void;
}) {
  // Each opening loads the chart afresh; the last one stays on screen while the modal closes.
  const [opening, setOpening] = useState({ opened, sliceId, count: opened ? 1 : 0 });
  if (opened !== opening.opened || (opened && sliceId !== opening.sliceId)) {
    setOpening({
      opened,
      sliceId: opened ? sliceId : opening.sliceId,
      count: opening.count + (opened && !opening.opened ? 1 : 0),
    });
  }
  const shown = opening.sliceId;
  const chart = useLoadOnce(opening.count ? `chart-properties|${shown}|${opening.count}` : null, () =>
    fetchChart(shown),
  );
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("Edit Chart Properties")}
      size="lg"
      data-test="properties-modal"
    >
      {chart.error ? (
        <Alert color="red" mb="sm">
          {errorMessage(chart.error)}
        </Alert>
      ) : !chart.data ? (
        <Center h={160}>
          <Loader aria-label={t("Loading")} />
        </Center>
      ) : (
        <PropertiesForm
          key={`${shown}|${opening.count}`}
          sliceId={shown}
          initial={toFields(chart.data)}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </Modal>
  );
}

function toFields(c: ChartProperties): Fields {
  return {
    slice_name: c.slice_name,
    description: c.description ?? "",
    cache_timeout: c.cache_timeout ?? "",
    certified_by: c.certified_by ?? "",
    certification_details: c.certification_details ?? "",
    owners: c.owners.map((o) => ({ value: o.id, label: ownerName(o) })),
  };
}

function PropertiesForm({
  sliceId,
  initial,
  onClose,
  onSaved,
}: {
  sliceId: number;
  initial: Fields;
  onClose: () => void;
  onSaved: (name: string) => void;
}) {
  const [fields, setFields] = useState<Fields>(initial);
  const { busy, failure, save: run } = useFormSave({ fieldMessages: false });
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) =>
    setFields((f) => ({ ...f, [key]: value }));
  const save = () =>
    run({}, async () => {
      await updateChart(sliceId, {
        slice_name: fields.slice_name,
        description: fields.description || null,
        cache_timeout: fields.cache_timeout === "" ? null : Number(fields.cache_timeout),
        certified_by: fields.certified_by || null,
        certification_details: fields.certification_details || null,
        owners: fields.owners.map((o) => o.value),
      });
      toast.success(t("Chart properties updated"));
      onSaved(fields.slice_name);
      onClose();
    });
  return (
    <>
      {failure != null && (
        <Alert color="red" mb="sm">
          {errorMessage(failure)}
        </Alert>
      )}
      <Stack>
        <TextInput
          label={t("Name")}
          required
          value={fields.slice_name}
          onChange={(e) => set("slice_name", e.currentTarget.value)}
        />
        <Textarea
          label={t("Description")}
          autosize
          minRows={2}
          value={fields.description}
          onChange={(e) => set("description", e.currentTarget.value)}
        />
        <NumberInput
          label={t("Cache timeout")}
          description={t("Duration (in seconds) of the caching timeout for this chart.")}
          min={0}
          allowDecimal={false}
          value={fields.cache_timeout}
          onChange={(v) => set("cache_timeout", v)}
        />
        <TextInput
          label={t("Certified by")}
          value={fields.certified_by}
          onChange={(e) => set("certified_by", e.currentTarget.value)}
        />
        <Textarea
          label={t("Certification details")}
          autosize
          value={fields.certification_details}
          onChange={(e) => set("certification_details", e.currentTarget.value)}
        />
        <RelatedMultiSelect
          resource="chart"
          column="owners"
          label={t("Owners")}
          value={fields.owners}
          onChange={(v) => set("owners", v)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("Cancel")}
          </Button>
          <Button onClick={() => void save()} loading={busy} disabled={!fields.slice_name.trim()}>
            {t("Save")}
          </Button>
        </Group>
      </Stack>
    </>
  );
}
