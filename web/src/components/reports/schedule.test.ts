import { describe, expect, it } from "vitest";
import { parseCrontab, toCrontab } from "./schedule";

describe("report schedules", () => {
  it("reads the preset crontabs and writes them back unchanged", () => {
    for (const [crontab, preset] of [
      ["15 * * * *", "hour"],
      ["0 9 * * *", "day"],
      ["30 18 * * 5", "week"],
      ["0 7 1 * *", "month"],
    ] as const) {
      const s = parseCrontab(crontab);
      expect(s.preset, crontab).toBe(preset);
      expect(toCrontab(s)).toBe(crontab);
    }
    expect(parseCrontab("30 18 * * 5")).toMatchObject({ time: "18:30", weekday: 5 });
    expect(parseCrontab("0 7 15 * *")).toMatchObject({ time: "07:00", monthDay: 15 });
  });

  it("keeps anything else as a custom crontab, as typed", () => {
    for (const crontab of ["*/5 * * * *", "0 9 * * 1-5", "0 99 * * *", "every day", ""]) {
      const s = parseCrontab(crontab);
      expect(s.preset, crontab).toBe("custom");
      expect(toCrontab(s)).toBe(crontab);
    }
  });

  it("changes the time, weekday or day of a preset", () => {
    const day = parseCrontab("0 9 * * *");
    expect(toCrontab({ ...day, time: "17:45" })).toBe("45 17 * * *");
    expect(toCrontab({ ...day, preset: "week", weekday: 1 })).toBe("0 9 * * 1");
    expect(toCrontab({ ...day, preset: "month", monthDay: 28 })).toBe("0 9 28 * *");
  });
});
