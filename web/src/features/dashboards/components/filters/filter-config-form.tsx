import {
  Checkbox,
  Group,
  MultiSelect,
  Radio,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import type { DatasetRow } from "@strata/contracts";
import { useMemo } from "react";
import { isTemporalColumn } from "../../../../components/charts";
import { t } from "../../../../lib/i18n";
import { useResourceList } from "../../../../lib/resource/resource-list";
import { useDataset } from "../../hooks/use-filter-data";
import type { DataMask, NativeFilter, NativeFilterType } from "../../model/dashboard-types";
import { cascadeExtraFormData, emptyMask, filterColumn, filterDatasetId } from "../../model/data-mask";
import { FILTER_TYPES, type FilterErrors, needsColumn, needsDataset } from "../../model/filter-config";
import { chartsInScope, createsCascadeLoop, isDivider, scopeFromCharts } from "../../model/filter-scope";
import { parentMap, tabPath } from "../../model/layout-tree";
import { ROOT_ID } from "../../model/layout-types";
import { useDashboard } from "../../state/dashboard-context";
import { FilterControl } from "./filter-control";

const NUMERIC = /INT|DECIMAL|NUMERIC|REAL|FLOAT|DOUBLE|LONG|NUMBER/i;

interface Props {
  filter: NativeFilter;
  all: NativeFilter[];
  errors: FilterErrors;
  onChange: (filter: NativeFilter) => void;
}

function DividerForm({ filter, errors, onChange }: Props) {
  return (
    <Stack>
      <TextInput
        label={t("Title")}
        required
        value={filter.title ?? ""}
        error={errors.title}
        onChange={(e) => onChange({ ...filter, title: e.currentTarget.value })}
        data-test="divider-title"
      />
      <Textarea
        label={t("Description")}
        value={filter.description ?? ""}
        onChange={(e) => onChange({ ...filter, description: e.currentTarget.value })}
      />
    </Stack>
  );
}

/** Charts of the dashboard to pick a filter's scope from, labelled with their tabs. */
function ScopePicker({ filter, onChange }: { filter: NativeFilter; onChange: (f: NativeFilter) => void }) {
  const { state } = useDashboard();
  const layout = state.layout.present;
  const charts = useMemo(() => {
    const parents = parentMap(layout);
    return Object.values(layout)
      .filter((c) => c.type === "CHART" && typeof c.meta.chartId === "number")
      .map((c) => {
        const tabs = tabPath(layout, c.id, parents).map((id) => (layout[id].meta.text as string) || t("Tab"));
        const id = c.meta.chartId as number;
        return {
          id,
          label: [...tabs, state.charts[id]?.sliceName ?? (c.meta.sliceName as string) ?? `#${id}`].join(
            " › ",
          ),
        };
      });
  }, [layout, state.charts]);
  const inScope = new Set(chartsInScope(filter, layout));
  const all =
    !filter.scope ||
    ((filter.scope.rootPath ?? [ROOT_ID]).includes(ROOT_ID) && !(filter.scope.excluded ?? []).length);
  return (
    <Stack gap="xs">
      <Radio.Group
        label={t("Scoping")}
        value={all ? "all" : "specific"}
        onChange={(v) =>
          onChange({
            ...filter,
            scope:
              v === "all" ? { rootPath: [ROOT_ID], excluded: [] } : scopeFromCharts([...inScope], layout),
          })
        }
      >
        <Group mt={4}>
          <Radio value="all" label={t("Apply to all panels")} />
          <Radio value="specific" label={t("Apply to specific panels")} data-test="scope-specific" />
        </Group>
      </Radio.Group>
      {!all && (
        <ScrollArea.Autosize mah={180}>
          <Stack gap={4} data-test="scope-charts">
            {charts.map((c) => (
              <Checkbox
                key={c.id}
                label={c.label}
                checked={inScope.has(c.id)}
                onChange={(e) => {
                  const next = new Set(inScope);
                  if (e.currentTarget.checked) next.add(c.id);
                  else next.delete(c.id);
                  onChange({ ...filter, scope: scopeFromCharts([...next], layout) });
                }}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}

/** The settings of one native filter (type, target, parents, options, default, scope). */
export function FilterConfigForm(props: Props) {
  const { filter, all, errors, onChange } = props;
  const datasets = useResourceList<DatasetRow>("dataset", {
    page: 0,
    page_size: 100,
    order_column: "table_name",
    order_direction: "asc",
  });
  const datasetId = filterDatasetId(filter);
  const dataset = useDataset(datasetId);
  if (isDivider(filter)) return <DividerForm {...props} />;
  const type = filter.filterType ?? "filter_select";
  const columns = (dataset?.columns ?? [])
    .filter((c) => (type === "filter_range" ? NUMERIC.test(c.type ?? "") : true))
    .filter((c) => type !== "filter_select" || c.filterable !== false)
    .map((c) => c.column_name);
  const setTarget = (target: { datasetId?: number; column?: { name: string } }) =>
    onChange({ ...filter, targets: [target], defaultDataMask: { extraFormData: {}, filterState: {} } });
  const setControl = (key: string, value: boolean) =>
    onChange({ ...filter, controlValues: { ...filter.controlValues, [key]: value } });
  const parentOptions = all
    .filter(
      (f) => !isDivider(f) && f.id !== filter.id && (f.filterType ?? "filter_select") === "filter_select",
    )
    .filter((f) => !createsCascadeLoop(filter.id, f.id, all))
    .map((f) => ({ value: f.id, label: f.name || t("[untitled]") }));
  const defaultMask: DataMask = {
    ...emptyMask(filter.id),
    ...(filter.defaultDataMask ?? {}),
    id: filter.id,
  } as DataMask;
  const temporal = (dataset?.columns ?? []).some(isTemporalColumn);
  return (
    <Stack gap="sm" data-test="filter-config-form">
      <SimpleGrid cols={2}>
        <Select
          label={t("Filter type")}
          data={FILTER_TYPES.map(([value, label]) => ({ value, label: t(label) }))}
          value={type}
          allowDeselect={false}
          onChange={(v) =>
            v &&
            onChange({
              ...filter,
              filterType: v as NativeFilterType,
              defaultDataMask: { extraFormData: {}, filterState: {} },
              ...(v === "filter_time" ? { targets: [{}] } : {}),
            })
          }
          comboboxProps={{ withinPortal: true }}
          data-test="filter-type"
        />
        <TextInput
          label={t("Filter name")}
          required
          value={filter.name ?? ""}
          error={errors.name}
          onChange={(e) => onChange({ ...filter, name: e.currentTarget.value })}
          data-test="filter-name"
        />
      </SimpleGrid>
      {needsDataset(type) && (
        <SimpleGrid cols={2}>
          <Select
            label={t("Dataset")}
            required
            searchable
            data={(datasets.data?.result ?? []).map((d) => ({ value: String(d.id), label: d.table_name }))}
            value={datasetId ? String(datasetId) : null}
            error={errors.dataset}
            onChange={(v) => setTarget(v ? { datasetId: Number(v) } : {})}
            comboboxProps={{ withinPortal: true }}
            data-test="filter-dataset"
          />
          {needsColumn(type) && (
            <Select
              label={t("Column")}
              required
              searchable
              data={columns}
              value={filterColumn(filter) ?? null}
              error={errors.column}
              disabled={!datasetId}
              onChange={(v) => setTarget({ datasetId, ...(v ? { column: { name: v } } : {}) })}
              comboboxProps={{ withinPortal: true }}
              data-test="filter-column"
            />
          )}
        </SimpleGrid>
      )}
      {type === "filter_timecolumn" && datasetId && !temporal && (
        <Text size="xs" c="orange">
          {t("This dataset has no temporal column.")}
        </Text>
      )}
      <Textarea
        label={t("Description")}
        value={filter.description ?? ""}
        autosize
        minRows={1}
        onChange={(e) => onChange({ ...filter, description: e.currentTarget.value })}
      />
      {type === "filter_select" && (
        <MultiSelect
          label={t("Parent filters (values of this filter follow theirs)")}
          data={parentOptions}
          value={(filter.cascadeParentIds ?? []).filter((id) => parentOptions.some((o) => o.value === id))}
          onChange={(ids) => onChange({ ...filter, cascadeParentIds: ids })}
          comboboxProps={{ withinPortal: true }}
          data-test="filter-parents"
        />
      )}
      <Group gap="lg">
        <Checkbox
          label={t("Filter value is required")}
          checked={!!filter.controlValues?.enableEmptyFilter}
          onChange={(e) => setControl("enableEmptyFilter", e.currentTarget.checked)}
          data-test="filter-required"
        />
        {type === "filter_select" && (
          <>
            <Checkbox
              label={t("Select first filter value by default")}
              checked={!!filter.controlValues?.defaultToFirstItem}
              onChange={(e) => setControl("defaultToFirstItem", e.currentTarget.checked)}
            />
            <Checkbox
              label={t("Can select multiple values")}
              checked={filter.controlValues?.multiSelect !== false}
              onChange={(e) => setControl("multiSelect", e.currentTarget.checked)}
            />
            <Checkbox
              label={t("Inverse selection")}
              checked={!!filter.controlValues?.inverseSelection}
              onChange={(e) => setControl("inverseSelection", e.currentTarget.checked)}
            />
            <Checkbox
              label={t("Sort ascending")}
              checked={filter.controlValues?.sortAscending !== false}
              onChange={(e) => setControl("sortAscending", e.currentTarget.checked)}
            />
          </>
        )}
      </Group>
      {(!needsDataset(type) || datasetId) &&
        (!needsColumn(type) || filterColumn(filter)) &&
        !filter.controlValues?.defaultToFirstItem && (
          <div data-test="filter-default-value">
            <FilterControl
              key={`${type}-${datasetId}-${filterColumn(filter)}`}
              filter={filter}
              mask={defaultMask}
              parents={cascadeExtraFormData(filter, all, {})}
              editingDefault
              error={errors.defaultValue}
              label={t("Default value")}
              onChange={(mask) =>
                onChange({
                  ...filter,
                  defaultDataMask: { extraFormData: mask.extraFormData, filterState: mask.filterState },
                })
              }
            />
          </div>
        )}
      <ScopePicker filter={filter} onChange={onChange} />
    </Stack>
  );
}
