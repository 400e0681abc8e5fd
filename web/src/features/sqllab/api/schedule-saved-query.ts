import { apiPost } from "../../../lib/api-client";
import type { SavedQueryInput } from "./create-saved-query";

/** `schedule_info` inside a saved query's `extra_json`. */
export interface ScheduleInfo {
  schedule_interval: string;
  start_date: string;
  end_date?: string;
  output_table?: string;
}

/** POST /api/v1/saved_query/ with a schedule (002 §7: the same call is used for scheduling). */
export const scheduleSavedQuery = (body: SavedQueryInput, schedule: ScheduleInfo) =>
  apiPost<{ id: number }>("/api/v1/saved_query/", {
    ...body,
    extra_json: JSON.stringify({ schedule_info: schedule }),
  });
