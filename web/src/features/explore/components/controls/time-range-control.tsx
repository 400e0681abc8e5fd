import { TimeRangePicker } from "../../../../components/time-range/time-range-picker";

interface Props {
  label: React.ReactNode;
  value: unknown;
  onChange: (value: string) => void;
  error?: React.ReactNode;
  testId: string;
  /** The time column the range applies to (shown in the resolved range). */
  column?: string | null;
}

/** Explore's time range (the time_range control and a TEMPORAL_RANGE filter's comparator). */
export function TimeRangeControl(props: Props) {
  return <TimeRangePicker {...props} />;
}
