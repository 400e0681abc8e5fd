import type { ChartDataset } from "../../../../components/charts";
import { AnnotationLayersControl } from "../annotations/annotation-layers-control";
import { type ControlConfig, type ControlContext, choicesOf } from "../../model/control-types";
import { AdhocFiltersControl } from "./adhoc-filters-control";
import { ColumnsControl } from "./columns-control";
import { ColorPickerControl } from "./color-picker-control";
import { ControlLabel } from "./control-label";
import { MetricsControl } from "./metrics-control";
import { SelectControl } from "./select-control";
import { SpatialControl } from "./spatial-control";
import { CheckboxControl, ColorSchemeControl } from "./simple-controls";
import { TextControl } from "./text-control";
import { TextAreaControl } from "./text-area-control";
import { TimeRangeControl } from "./time-range-control";
import { TimeSeriesColumnsControl } from "./time-series-columns-control";

interface Props {
  control: ControlConfig;
  ctx: ControlContext;
  errors?: string[];
  onChange: (name: string, value: unknown) => void;
}

/** Draws one control of a panel by its type. */
export function ControlField({ control, ctx, errors, onChange }: Props) {
  const value = ctx.formData[control.name];
  const invalid = !!errors?.length;
  // The X-axis is required but its message is not shown (000 §5): only the field turns red.
  const error = invalid ? (control.hideError ? true : errors!.join(", ")) : undefined;
  const label = <ControlLabel control={control} invalid={invalid} />;
  const set = (v: unknown) => onChange(control.name, v);
  const testId = `control-${control.name}`;
  const dataset: ChartDataset = ctx.dataset;
  switch (control.type) {
    case "MetricsControl":
      return (
        <MetricsControl
          name={control.name}
          label={label}
          value={value}
          onChange={set}
          multi={control.multi}
          dataset={dataset}
          error={error}
          invalid={invalid}
          testId={testId}
        />
      );
    case "ColumnsControl":
      return (
        <ColumnsControl
          name={control.name}
          label={label}
          value={value}
          onChange={set}
          multi={control.multi}
          clearable={!control.required}
          dataset={dataset}
          columnFilter={control.columnFilter}
          error={error}
          testId={testId}
        />
      );
    case "SelectControl":
      return (
        <SelectControl
          label={label}
          choices={choicesOf(control, ctx)}
          value={value}
          onChange={set}
          multi={control.multi}
          freeForm={control.freeForm}
          clearable={control.clearable}
          error={error}
          placeholder={control.placeholder}
          testId={testId}
        />
      );
    case "TextControl":
      return (
        <TextControl
          label={label}
          value={value}
          onChange={set}
          isInt={control.isInt}
          isFloat={control.isFloat}
          error={error}
          placeholder={control.placeholder}
          testId={testId}
        />
      );
    case "TextAreaControl":
      return (
        <TextAreaControl
          label={label}
          value={value}
          onChange={set}
          error={error}
          placeholder={control.placeholder}
          testId={testId}
        />
      );
    case "ColorPickerControl":
      return <ColorPickerControl label={label} value={value} onChange={set} testId={testId} />;
    case "SpatialControl":
      return (
        <SpatialControl
          label={label}
          value={value}
          onChange={set}
          dataset={dataset}
          error={error}
          testId={testId}
        />
      );
    case "CheckboxControl":
      return <CheckboxControl label={control.label} value={value} onChange={set} testId={testId} />;
    case "TimeRangeControl":
      return <TimeRangeControl label={label} value={value} onChange={set} error={error} testId={testId} />;
    case "AdhocFilterControl":
      return (
        <AdhocFiltersControl
          name={control.name}
          label={label}
          value={value}
          onChange={set}
          dataset={dataset}
          testId={testId}
        />
      );
    case "ColorSchemeControl":
      return <ColorSchemeControl label={label} value={value} onChange={set} testId={testId} />;
    case "AnnotationLayerControl":
      return (
        <AnnotationLayersControl
          label={label}
          value={value}
          onChange={set}
          sliceId={ctx.formData.slice_id}
          testId={testId}
        />
      );
    case "CollectionControl":
      // The only collection Strata has is `column_collection` (Superset's TimeSeriesColumnControl items).
      return (
        <TimeSeriesColumnsControl label={label} value={value} onChange={set} error={error} testId={testId} />
      );
    default:
      return null;
  }
}
