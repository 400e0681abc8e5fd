import type { DataMask, ExtraFormData, NativeFilter } from "../../model/dashboard-types";
import { RangeFilter } from "./range-filter";
import { TimeColumnFilter, TimeGrainFilter, TimeRangeFilter } from "./time-filters";
import { ValueFilter } from "./value-filter";

export interface FilterControlProps {
  filter: NativeFilter;
  mask: DataMask | undefined;
  parents: ExtraFormData;
  onChange: (mask: DataMask, options?: { apply?: boolean }) => void;
  error?: string | null;
  label?: React.ReactNode;
  editingDefault?: boolean;
}

/** The input of a native filter, by its type (value, range, time range, time column, time grain). */
export function FilterControl(props: FilterControlProps) {
  switch (props.filter.filterType) {
    case "filter_range":
      return <RangeFilter {...props} />;
    case "filter_time":
      return <TimeRangeFilter {...props} />;
    case "filter_timecolumn":
      return <TimeColumnFilter {...props} />;
    case "filter_timegrain":
      return <TimeGrainFilter {...props} />;
    default:
      return <ValueFilter {...props} />;
  }
}
