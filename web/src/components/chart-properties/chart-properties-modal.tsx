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
import type { ChartDetail } from "@strata/contracts";
import { useState } from "react";
import { t } from "../../lib/i18n";
import { revalidateResource } from "../../lib/resource/resource-write";
import { toast } from "../../lib/toast";
import { useFormSave } from "../../lib/use-form-save";
import { useLastValue } from "../../lib/use-last-value";
import { useLoadOnce } from "../../lib/use-load-once";
import { ApiErrorDisplay } from "../error-display";
import { ownerName } from "../owner-avatars";
import { type IdOption, RelatedMultiSelect } from "../related-multi-select";
import { fetchChart } from "./api/fetch-chart";
import { updateChart } from "./api/update-chart";

/**
 * 'Edit Chart Properties' (from a chart list row and from Explore's menu): name, description,
 * cache timeout, certification, owners. `chartId` null: closed. Each opening loads the chart afresh.
 */
export function ChartPropertiesModal({
  chartId,
  onClose,
  onSaved,
}: {
  chartId: number | null;
  onClose: () => void;
  /** After a save, with the chart's new name (Explore shows it in its header). */
  onSaved?: (name: string) => void;
}) {
  const { value: shown, opening } = useLastValue(chartId);
  const chart = useLoadOnce(chartId !== null ? `chart-properties|${chartId}|${opening}` : null, () =>
    fetchChart(chartId!),
  );
  return (
    <Modal
      opened={chartId !== null}
      onClose={onClose}
      title={t("Edit Chart Properties")}
      size="lg"
      data-test="chart-properties-modal"
    >
      {chart.error ? (
        <ApiErrorDisplay error={chart.error} />
      ) : !chart.data || shown === null ? (
        <Center p="lg">
          <Loader size="sm" />
        </Center>
      ) : (
        <ChartForm key={`${shown}|${opening}`} chart={chart.data} onClose={onClose} onSaved={onSaved} />
      )}
    </Modal>
  );
}

function ChartForm({
  chart,
  onClose,
  onSaved,
}: {
  chart: ChartDetail;
  onClose: () => void;
  onSaved?: (name: string) => void;
}) {
  const [name, setName] = useState(chart.slice_name);
  const [description, setDescription] = useState(chart.description ?? "");
  const [cacheTimeout, setCacheTimeout] = useState<number | string>(chart.cache_timeout ?? "");
  const [certifiedBy, setCertifiedBy] = useState(chart.certified_by ?? "");
  const [details, setDetails] = useState(chart.certification_details ?? "");
  const [owners, setOwners] = useState<IdOption[]>(
    chart.owners.map((o) => ({ value: o.id, label: ownerName(o) })),
  );
  const { busy, message, save } = useFormSave({
    fieldMessages: false,
    forbidden: t("You do not have permission to edit this %s", "chart"),
  });

  const submit = async () => {
    const sliceName = name.trim();
    const ok = await save({}, () =>
      updateChart(chart.id, {
        slice_name: sliceName,
        description: description || null,
        cache_timeout: cacheTimeout === "" ? null : Number(cacheTimeout),
        // Certification details mean nothing without a certifier.
        certified_by: certifiedBy || null,
        certification_details: certifiedBy ? details || null : null,
        owners: owners.map((o) => o.value),
      }),
    );
    if (!ok) return;
    toast.success(t("Chart properties updated"));
    onSaved?.(sliceName);
    await revalidateResource("chart");
    onClose();
  };

  return (
    <Stack>
      <TextInput
        label={t("Name")}
        required
        data-autofocus
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        data-test="properties-modal-name-input"
      />
      <Textarea
        label={t("Description")}
        autosize
        minRows={2}
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
      />
      <NumberInput
        label={t("Cache timeout")}
        description={t("Duration (in seconds) of the caching timeout for this chart.")}
        min={0}
        allowDecimal={false}
        value={cacheTimeout}
        onChange={setCacheTimeout}
      />
      <TextInput
        label={t("Certified by")}
        value={certifiedBy}
        onChange={(e) => setCertifiedBy(e.currentTarget.value)}
      />
      <Textarea
        label={t("Certification details")}
        autosize
        value={details}
        onChange={(e) => setDetails(e.currentTarget.value)}
      />
      <RelatedMultiSelect
        resource="chart"
        column="owners"
        label={t("Owners")}
        value={owners}
        onChange={setOwners}
      />
      {message !== null && (
        <Alert color="red" data-test="properties-modal-error">
          {message}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t("Cancel")}
        </Button>
        <Button
          onClick={() => void submit()}
          loading={busy}
          disabled={!name.trim()}
          data-test="properties-modal-save"
        >
          {t("Save")}
        </Button>
      </Group>
    </Stack>
  );
}
