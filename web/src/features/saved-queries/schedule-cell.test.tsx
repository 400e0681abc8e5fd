import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { formatDateTime } from "../../lib/i18n";
import { renderWithRouter } from "../../test/render";
import { ScheduleCell, type ScheduledQueryRow } from "./schedule-cell";

const row = (extra: Partial<ScheduledQueryRow>): ScheduledQueryRow => ({
  id: 1,
  label: "q",
  database: { id: 1, database_name: "examples" },
  sql: "SELECT 1",
  changed_on_delta_humanized: "now",
  ...extra,
});

describe("saved queries Schedule column", () => {
  it("shows the interval and the next run of a scheduled query", () => {
    renderWithRouter(
      <ScheduleCell
        row={row({
          schedule_info: { schedule_interval: "0 2 * * *", start_date: "2030-01-01" },
          next_run: "2030-01-01T02:00:00Z",
        })}
      />,
    );
    expect(screen.getByText("0 2 * * *")).toBeDefined();
    expect(screen.getByText(/^Next run: /).textContent).toContain(formatDateTime("2030-01-01T02:00:00Z"));
  });

  it("says when a schedule has no further runs, and shows a dash without a schedule", () => {
    renderWithRouter(
      <>
        <ScheduleCell row={row({ schedule_info: { schedule_interval: "@daily" }, next_run: null })} />
        <ScheduleCell row={row({ schedule_info: null })} />
      </>,
    );
    expect(screen.getByText("No further runs")).toBeDefined();
    expect(document.querySelectorAll('[data-test="saved-query-schedule"]')).toHaveLength(1);
    expect(screen.getByText("-")).toBeDefined();
  });
});
