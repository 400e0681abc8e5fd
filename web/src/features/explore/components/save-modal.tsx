import { Alert, Button, Group, Modal, MultiSelect, Radio, Stack, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconAlertCircle } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { buildChartDataRequest, type ChartDataset, type FormData } from "../../../components/charts";
import { t } from "../../../lib/i18n";
import { toast } from "../../../lib/toast";
import { useFormSave } from "../../../lib/use-form-save";
import { createChart } from "../api/create-chart";
import { createDashboard } from "../api/create-dashboard";
import { type DashboardOption, useDashboardOptions } from "../api/dashboard-options";
import type { ExploreSlice } from "../api/explore";
import { updateChart } from "../api/update-chart";
import { withoutDashboardContext } from "../model/dashboard-context";
import { TRANSIENT_KEYS } from "../model/form-data";

const NEW_PREFIX = "new:";

interface Props {
  opened: boolean;
  onClose: () => void;
  formData: FormData;
  dataset: ChartDataset;
  slice: ExploreSlice | null;
  canOverwrite: boolean;
  onSaved: (sliceId: number, goToDashboard?: number) => void;
}

/** The chart's params: the form without session keys (and without slice_id for a new chart). */
export function chartParams(
  fd: FormData,
  sliceId: number | null,
  saved?: Partial<FormData> | null,
): FormData {
  const out: FormData = withoutDashboardContext(fd, saved);
  for (const key of TRANSIENT_KEYS) delete out[key];
  if (sliceId) out.slice_id = sliceId;
  else delete out.slice_id;
  return out;
}

/** Save chart (002 §4): a name, overwrite or save as new, dashboards (existing or typed new). */
export function SaveModal({ opened, onClose, formData, dataset, slice, canOverwrite, onSaved }: Props) {
  const [name, setName] = useState(slice?.slice_name ?? "");
  const [action, setAction] = useState<"overwrite" | "saveas">(
    slice && canOverwrite ? "overwrite" : "saveas",
  );
  const [selected, setSelected] = useState<string[]>((slice?.dashboards ?? []).map(String));
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const { busy: saving, message: error, save: run, fail, dismiss } = useFormSave({ fieldMessages: false });
  const { data: options = [] } = useDashboardOptions(debounced, opened);
  const [known, setKnown] = useState<Map<string, string>>(new Map());

  const data = useMemo(() => {
    const map = new Map(known);
    for (const d of options) map.set(String(d.id), d.dashboard_title);
    for (const key of selected)
      if (!map.has(key)) map.set(key, key.startsWith(NEW_PREFIX) ? key.slice(NEW_PREFIX.length) : `#${key}`);
    const typed = search.trim();
    const exists = typed && [...map.values()].some((title) => title.toLowerCase() === typed.toLowerCase());
    const items = [...map.entries()].map(([value, label]) => ({ value, label }));
    if (typed && !exists) items.push({ value: `${NEW_PREFIX}${typed}`, label: t('+ Create "%s"', typed) });
    return items;
  }, [options, selected, search, known]);

  /**
   * Where "Save & go" leads: Superset's modal picks one dashboard and goes there. Here the chart's
   * current dashboards are listed too, so the one chosen in this modal wins: the last one added
   * that the chart was not on, else the last one in the list (chosen last).
   */
  const destination = (ids: number[]): number | undefined => {
    const before = new Set((slice?.dashboards ?? []).map(String));
    // `ids` follows `selected` one to one (new dashboards created in place).
    const added = ids.filter((_, i) => !before.has(selected[i]!));
    return added.at(-1) ?? ids.at(-1);
  };

  const save = async (goToDashboard: boolean) => {
    if (!name.trim()) {
      fail(t("Chart name is required"));
      return;
    }
    // Where the chart went, known once saved: the page moves on after the form is done.
    const saved: { sliceId?: number; dashboardId?: number } = {};
    const ok = await run({}, async () => {
      const titles = new Map(data.map((d) => [d.value, d.label]));
      const created: DashboardOption[] = [];
      const ids: number[] = [];
      for (const key of selected) {
        if (key.startsWith(NEW_PREFIX)) {
          const dashboard = await createDashboard(key.slice(NEW_PREFIX.length));
          created.push(dashboard);
          ids.push(dashboard.id);
        } else ids.push(Number(key));
      }
      const overwrite = action === "overwrite" && !!slice;
      const params = chartParams(formData, overwrite ? slice.slice_id : null, slice?.form_data);
      const body = {
        slice_name: name.trim(),
        viz_type: formData.viz_type,
        datasource_id: dataset.id,
        datasource_type: "table" as const,
        params: JSON.stringify(params),
        query_context: JSON.stringify(buildChartDataRequest(params, { dataset })),
        dashboards: ids,
      };
      const res = overwrite ? await updateChart(slice.slice_id, body) : await createChart(body);
      const chartName = name.trim();
      toast.success(
        overwrite
          ? t("Chart [%s] has been overwritten", chartName)
          : t("Chart [%s] has been saved", chartName),
      );
      for (const d of created)
        toast.success(
          t("Dashboard [%s] just got created and chart [%s] was added to it", d.dashboard_title, chartName),
        );
      const before = new Set((overwrite ? (slice.dashboards ?? []) : []).map(String));
      for (const key of selected.filter((k) => !k.startsWith(NEW_PREFIX) && !before.has(k))) {
        toast.success(t("Chart [%s] was added to dashboard [%s]", chartName, titles.get(key) ?? key));
      }
      saved.sliceId = overwrite ? slice.slice_id : res.id;
      if (goToDashboard) saved.dashboardId = destination(ids);
    });
    if (ok && saved.sliceId !== undefined) onSaved(saved.sliceId, saved.dashboardId);
  };

  return (
    // Superset's width (antd's 520 px): Mantine's 440 px put "Save" on a line of its own under
    // Cancel and "Save & go to dashboard".
    <Modal opened={opened} onClose={onClose} title={t("Save chart")} size={520} data-test="save-modal">
      <Stack>
        {error && (
          <Alert
            color="red"
            icon={<IconAlertCircle size={16} />}
            data-test="save-modal-alert"
            withCloseButton
            onClose={dismiss}
          >
            {error}
          </Alert>
        )}
        <Radio.Group value={action} onChange={(v) => setAction(v as "overwrite" | "saveas")}>
          <Group>
            <Radio
              value="overwrite"
              label={t("Save (Overwrite)")}
              disabled={!slice || !canOverwrite}
              data-test="save-overwrite-radio"
            />
            <Radio value="saveas" label={t("Save as new")} data-test="saveas-radio" />
          </Group>
        </Radio.Group>
        <TextInput
          label={t("Chart name")}
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          placeholder={t("Chart name")}
          data-test="new-chart-name"
        />
        <MultiSelect
          label={t("Add to dashboard")}
          description={t("Select dashboards, or type a new dashboard name to create it")}
          data={data}
          value={selected}
          onChange={(keys) => {
            setSelected(keys);
            setKnown((m) => {
              const next = new Map(m);
              for (const k of keys) if (k.startsWith(NEW_PREFIX)) next.set(k, k.slice(NEW_PREFIX.length));
              return next;
            });
            setSearch("");
          }}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: o }) => o}
          clearable
          data-test="save-modal-dashboards"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("Cancel")}
          </Button>
          <Button
            variant="light"
            disabled={!selected.length || saving}
            onClick={() => void save(true)}
            data-test="btn-save-go-dashboard"
          >
            {t("Save & go to dashboard")}
          </Button>
          <Button loading={saving} onClick={() => void save(false)} data-test="btn-modal-save">
            {t("Save")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
