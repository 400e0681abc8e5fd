import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, renderWithRouter } from "../../../test/render";
import { isValidDate, isValidInterval, todayUtc, validateSchedule } from "./schedule-form";
import { ScheduleQueryModal } from "./schedule-modal";

const query = { db_id: 1, schema: "main", catalog: null, sql: "SELECT 1", template_parameters: "" };

function open(status = 201, body: unknown = { id: 42, result: {} }) {
  const posted: unknown[] = [];
  fakeFetch((url, init) => {
    if (url.pathname === "/api/v1/security/csrf_token/") return { body: { result: "tok" } };
    if (url.pathname === "/api/v1/saved_query/" && init?.method === "POST") {
      posted.push(JSON.parse(String(init.body)));
      return { status, body };
    }
    return { body: {} };
  });
  const onClose = vi.fn();
  const onScheduled = vi.fn();
  renderWithRouter(
    <ScheduleQueryModal opened onClose={onClose} defaultLabel="" query={query} onScheduled={onScheduled} />,
  );
  return { posted, onClose, onScheduled };
}

const field = (test: string) => document.querySelector(`[data-test="${test}"]`) as HTMLInputElement;
const type = (test: string, value: string) => fireEvent.change(field(test), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Schedule" }));

describe("schedule form rules", () => {
  it.each([
    ["@daily", true],
    ["@HOURLY", true],
    ["0 6 * * 1-5", true],
    ["*/15 0-23/2 1,15 JAN-MAR mon", true],
    ["0 6 * *", false],
    ["60 * * * *", false],
    ["0 24 * * *", false],
    ["0 0 0 * *", false],
    ["5-1 * * * *", false],
    ["*/0 * * * *", false],
    ["@yearly", true],
    ["@annually", false],
    ["every day", false],
  ])("interval %j valid: %s", (interval, ok) => {
    expect(isValidInterval(interval)).toBe(ok);
  });

  it("accepts only real YYYY-MM-DD days", () => {
    expect(isValidDate("2030-02-28")).toBe(true);
    expect(isValidDate("2030-02-30")).toBe(false);
    expect(isValidDate("30-02-2030")).toBe(false);
  });

  it("checks the end date against the start date and the output table name", () => {
    const errors = validateSchedule({
      label: "x",
      description: "",
      interval: "@daily",
      startDate: "2030-05-02",
      endDate: "2030-05-01",
      outputTable: "bad name",
    });
    expect(Object.keys(errors).sort()).toEqual(["endDate", "outputTable"]);
  });
});

describe("ScheduleQueryModal", () => {
  afterEach(() => vi.useRealTimers());

  it("starts on today's UTC date and says the dates are UTC", () => {
    // 23:30 on 31 Dec in New York is already 1 Jan in UTC.
    expect(todayUtc(new Date("2030-12-31T23:30:00-05:00"))).toBe("2031-01-01");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-06-30T23:59:00Z"));
    open();
    expect(field("schedule-start-date").value).toBe("2030-06-30");
    expect(screen.getByText("Start date (UTC)")).toBeDefined();
    expect(screen.getByText("End date (UTC)")).toBeDefined();
  });

  it("offers @yearly and sends it", async () => {
    const { posted } = open();
    type("schedule-label", "Once a year");
    fireEvent.click(screen.getByLabelText("Yearly"));
    expect(field("schedule-interval").value).toBe("@yearly");
    submit();
    await waitFor(() => expect(posted).toHaveLength(1));
    const info = JSON.parse((posted[0] as { extra_json: string }).extra_json).schedule_info;
    expect(info).toMatchObject({ schedule_interval: "@yearly", start_date: todayUtc() });
  });

  it("shows a message per empty or invalid field and sends nothing", async () => {
    const { posted } = open();
    type("schedule-interval", "sometimes");
    type("schedule-start-date", "");
    submit();
    await screen.findByText("Name cannot be empty");
    expect(screen.getByText(/Use five cron fields/)).toBeDefined();
    expect(screen.getByText("Start date cannot be empty")).toBeDefined();
    expect(posted).toEqual([]);
  });

  it("posts the saved query with schedule_info in extra_json", async () => {
    const { posted, onClose, onScheduled } = open();
    type("schedule-label", "Nightly births");
    type("schedule-description", "every night");
    type("schedule-interval", "0 2 * * *");
    type("schedule-start-date", "2030-01-01");
    type("schedule-end-date", "2030-12-31");
    type("schedule-output-table", "main.births_nightly");
    submit();
    await waitFor(() => expect(posted).toHaveLength(1));
    const body = posted[0] as Record<string, unknown>;
    expect(body).toMatchObject({ label: "Nightly births", description: "every night", ...query });
    expect(JSON.parse(body.extra_json as string)).toEqual({
      schedule_info: {
        schedule_interval: "0 2 * * *",
        start_date: "2030-01-01",
        end_date: "2030-12-31",
        output_table: "main.births_nightly",
      },
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onScheduled).toHaveBeenCalledWith(42);
  });

  it("picks a preset interval and leaves optional fields out", async () => {
    const { posted } = open();
    type("schedule-label", "Weekly");
    fireEvent.click(screen.getByLabelText("Weekly"));
    submit();
    await waitFor(() => expect(posted).toHaveLength(1));
    const info = JSON.parse((posted[0] as { extra_json: string }).extra_json).schedule_info;
    expect(info.schedule_interval).toBe("@weekly");
    expect(Object.keys(info).sort()).toEqual(["schedule_interval", "start_date"]);
  });

  it("toasts 'Your query could not be scheduled' and shows the server's reason", async () => {
    const { onClose } = open(400, { message: { extra_json: ["start_date is in the past"] } });
    type("schedule-label", "Bad");
    submit();
    expect(await screen.findByText("Your query could not be scheduled")).toBeDefined();
    expect(screen.getByText("start_date is in the past")).toBeDefined();
    expect(onClose).not.toHaveBeenCalled();
  });
});
