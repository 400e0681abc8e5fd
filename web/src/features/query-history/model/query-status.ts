import type { QueryStatus } from "@strata/contracts";
import { translatable } from "../../../lib/i18n";

/** How a run's state reads and shows in the history (label translated where drawn). */
export interface QueryStatusLook {
  value: QueryStatus;
  label: string;
  color: string;
}

/** Every state a stored run may be in, in the order the State filter offers them. */
export const QUERY_STATUSES: QueryStatusLook[] = [
  { value: "success", label: translatable("Success"), color: "teal" },
  { value: "failed", label: translatable("Failed"), color: "red" },
  { value: "stopped", label: translatable("Stopped"), color: "orange" },
  { value: "running", label: translatable("Running"), color: "blue" },
  { value: "pending", label: translatable("Pending"), color: "gray" },
  { value: "timed_out", label: translatable("Timed out"), color: "red" },
];

/** The look of a state; one the server adds later shows as itself, in gray. */
export function statusLook(status: string): QueryStatusLook {
  return (
    QUERY_STATUSES.find((s) => s.value === status) ?? {
      value: status as QueryStatus,
      label: status,
      color: "gray",
    }
  );
}
