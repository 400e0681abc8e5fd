import { MultiSelect, Select } from "@mantine/core";
import type { QueryColumn } from "@strata/contracts";
import { useMemo } from "react";
import { type ChartDataset, columnLabel, ensureArray } from "../../../../components/charts";
import { columnsFor } from "../../model/columns-for";
import type { ControlConfig } from "../../model/control-types";
import { DropZone } from "./dnd";

interface Props {
  /** The control's name (of its drop zone). */
  name: string;
  label: React.ReactNode;
  value: unknown;
  onChange: (value: unknown) => void;
  multi?: boolean;
  clearable?: boolean;
  dataset: ChartDataset;
  columnFilter?: ControlConfig["columnFilter"];
  error?: React.ReactNode;
  testId: string;
}

/** Dataset columns (and ad hoc columns already in the form, kept by their label). */
export function ColumnsControl({
  name,
  label,
  value,
  onChange,
  multi,
  clearable,
  dataset,
  columnFilter,
  error,
  testId,
}: Props) {
  const current = ensureArray(value as QueryColumn | QueryColumn[] | undefined);
  const { data, byKey } = useMemo(() => {
    const map = new Map<string, QueryColumn>();
    const options = columnsFor(dataset, columnFilter).map((c) => {
      map.set(c.column_name, c.column_name);
      return { value: c.column_name, label: c.verbose_name || c.column_name };
    });
    for (const col of current) {
      const key = typeof col === "string" ? col : `adhoc:${columnLabel(col)}`;
      if (!map.has(key)) {
        map.set(key, col);
        options.push({ value: key, label: columnLabel(col) });
      }
    }
    return { data: options, byKey: map };
  }, [dataset, columnFilter, current]);
  /** Columns of the dataset pane this control takes (by its column filter; never metrics). */
  const accepts = (type: "column" | "metric", columnName?: string) =>
    type === "column" &&
    (columnName === undefined || columnsFor(dataset, columnFilter).some((c) => c.column_name === columnName));
  const drop = (columnName: string) => {
    if (!multi) onChange(columnName);
    else if (!current.includes(columnName)) onChange([...current, columnName]);
  };
  const keys = current.map((c) => (typeof c === "string" ? c : `adhoc:${columnLabel(c)}`));
  if (multi) {
    return (
      <DropZone name={name} accepts={accepts} onDrop={(item) => drop(item.name)}>
        <MultiSelect
          label={label}
          data={data}
          value={keys}
          onChange={(next) => onChange(next.map((k) => byKey.get(k) ?? k))}
          searchable
          clearable
          error={error}
          data-test={testId}
        />
      </DropZone>
    );
  }
  return (
    <DropZone name={name} accepts={accepts} onDrop={(item) => drop(item.name)}>
      <Select
        label={label}
        data={data}
        value={keys[0] ?? null}
        onChange={(k) => onChange(k === null ? null : (byKey.get(k) ?? k))}
        searchable
        clearable={clearable ?? true}
        error={error}
        data-test={testId}
      />
    </DropZone>
  );
}
