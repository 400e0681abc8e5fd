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
import { useEffect, useState } from "react";
import type { IdOption } from "../../../components/related-multi-select";
import { RelatedMultiSelect } from "../../../components/related-multi-select";
import { ownerName } from "../../../components/owner-avatars";
import { errorMessage } from "../../../lib/api-error";
import { t } from "../../../lib/i18n";
import { toast } from "../../../lib/toast";
import { fetchChart, updateChart } from "../api/charts";

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
  const [fields, setFields] = useState<Fields | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!opened) return;
    setFields(null);
    setError(null);
    fetchChart(sliceId)
      .then((c) =>
        setFields({
          slice_name: c.slice_name,
          description: c.description ?? "",
          cache_timeout: c.cache_timeout ?? "",
          certified_by: c.certified_by ?? "",
          certification_details: c.certification_details ?? "",
          owners: c.owners.map((o) => ({ value: o.id, label: ownerName(o) })),
        }),
      )
      .catch((err) => setError(errorMessage(err)));
  }, [opened, sliceId]);
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) =>
    setFields((f) => (f ? { ...f, [key]: value } : f));
  const save = async () => {
    if (!fields) return;
    setSaving(true);
    setError(null);
    try {
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
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("Edit Chart Properties")}
      size="lg"
      data-test="properties-modal"
    >
      {error && (
        <Alert color="red" mb="sm">
          {error}
        </Alert>
      )}
      {!fields ? (
        !error && (
          <Center h={160}>
            <Loader aria-label={t("Loading")} />
          </Center>
        )
      ) : (
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
            <Button onClick={() => void save()} loading={saving} disabled={!fields.slice_name.trim()}>
              {t("Save")}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
