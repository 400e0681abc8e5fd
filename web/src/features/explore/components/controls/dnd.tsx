import type { QueryMetric } from "@strata/contracts";
import { type DragEvent, type ReactNode, useState } from "react";
import { type ChartColumn, type ChartDataset, metricLabel } from "../../../../components/charts";
import { columnsFor } from "../../model/columns-for";

/**
 * Drag and drop of the dataset pane's columns and metrics onto the control panel (native HTML5
 * drag and drop). The dragged item travels as JSON under DATASOURCE_ITEM_MIME; its kind is also a
 * MIME type of its own, since a drop target only sees the types (not the data) while dragging over.
 */
export const DATASOURCE_ITEM_MIME = "application/x-strata-datasource-item";
const kindMime = (type: DatasourceItem["type"]) => `${DATASOURCE_ITEM_MIME}-${type}`;

export interface DatasourceItem {
  type: "column" | "metric";
  name: string;
}

/** The item being dragged in this page (dragover cannot read the data of a drag). */
let active: DatasourceItem | null = null;

/** Props that make a dataset pane item draggable. */
export function draggableItem(item: DatasourceItem) {
  return {
    draggable: true,
    onDragStart: (e: DragEvent<HTMLElement>) => {
      active = item;
      e.dataTransfer.effectAllowed = "copy";
      e.dataTransfer.setData(DATASOURCE_ITEM_MIME, JSON.stringify(item));
      e.dataTransfer.setData(kindMime(item.type), item.name);
    },
    onDragEnd: () => {
      active = null;
    },
  };
}

function isItem(v: unknown): v is DatasourceItem {
  const o = v as DatasourceItem | null;
  return !!o && (o.type === "column" || o.type === "metric") && typeof o.name === "string";
}

/** The item of a drop event: its data, else the drag in progress. */
function itemOfDrop(e: DragEvent): DatasourceItem | null {
  try {
    const raw = e.dataTransfer?.getData(DATASOURCE_ITEM_MIME);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (isItem(parsed)) return parsed;
  } catch {
    // not ours
  }
  return active;
}

/** The kind of the item dragged over (only the types of a drag are readable before the drop). */
function kindOfDrag(e: DragEvent): DatasourceItem["type"] | null {
  const types = Array.from(e.dataTransfer?.types ?? []);
  if (types.includes(kindMime("metric"))) return "metric";
  if (types.includes(kindMime("column"))) return "column";
  return active?.type ?? null;
}

/**
 * A drop target for dataset columns/metrics: `accepts` tells which kinds it takes (and, on drop,
 * which items), `onDrop` receives an accepted item. Highlighted while a valid item is over it.
 */
export function DropZone({
  name,
  accepts,
  onDrop,
  children,
}: {
  /** The control's name: the zone is `drop-zone-<name>`. */
  name: string;
  /** Whether it takes an item of that kind (and name, when known). */
  accepts: (type: DatasourceItem["type"], name?: string) => boolean;
  onDrop: (item: DatasourceItem) => void;
  children: ReactNode;
}) {
  const [over, setOver] = useState(false);
  const acceptsDrag = (e: DragEvent) => {
    const kind = kindOfDrag(e);
    if (!kind) return false;
    // During the drag the name is known only for drags started in this page.
    return accepts(kind, active?.type === kind ? active.name : undefined);
  };
  const enterOrOver = (e: DragEvent<HTMLDivElement>) => {
    if (!acceptsDrag(e)) return;
    e.preventDefault();
    if (e.dataTransfer) e.dataTransfer.dropEffect = "copy";
    if (!over) setOver(true);
  };
  return (
    <div
      data-test={`drop-zone-${name}`}
      data-drop-active={over ? "true" : undefined}
      onDragEnter={enterOrOver}
      onDragOver={enterOrOver}
      onDragLeave={(e) => {
        if (e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget)) return;
        setOver(false);
      }}
      onDrop={(e) => {
        setOver(false);
        const item = itemOfDrop(e);
        if (!item || !accepts(item.type, item.name)) return;
        e.preventDefault();
        active = null;
        onDrop(item);
      }}
      style={{
        borderRadius: 4,
        outline: over ? "2px dashed var(--mantine-color-blue-5)" : "2px dashed transparent",
        outlineOffset: 2,
        background: over ? "var(--mantine-color-blue-light)" : undefined,
        transition: "background 80ms, outline-color 80ms",
      }}
    >
      {children}
    </div>
  );
}

/** The ad hoc SIMPLE metric a column dropped on a metrics control makes: SUM if numeric, else COUNT. */
export function adhocMetricOf(column: ChartColumn, dataset: ChartDataset): QueryMetric {
  const numeric = columnsFor(dataset, "numeric").some((c) => c.column_name === column.column_name);
  const m = {
    expressionType: "SIMPLE" as const,
    column: { column_name: column.column_name },
    aggregate: numeric ? ("SUM" as const) : ("COUNT" as const),
  };
  return { ...m, label: metricLabel(m) };
}
