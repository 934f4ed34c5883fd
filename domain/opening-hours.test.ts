import { describe, expect, it } from "vitest";
import type { WeeklyHours } from "./data-schemas.ts";
import { openingHoursRows, openingHoursSummary } from "./opening-hours.ts";

describe("opening hours rows", () => {
  it("merges equal consecutive days and names closed days", () => {
    const weekday: Array<[string, string]> = [["08:30", "18:30"]];
    expect(openingHoursRows({ mon: weekday, tue: weekday, wed: weekday, thu: weekday, fri: weekday, sat: [["09:00", "14:00"]] })).toEqual([
      { days: "Mo–Fr", daysLong: "Montag bis Freitag", hours: "08:30–18:30 Uhr" },
      { days: "Sa", daysLong: "Samstag", hours: "09:00–14:00 Uhr" },
      { days: "So", daysLong: "Sonntag", hours: "geschlossen" },
    ]);
  });

  it("lists split days with both intervals", () => {
    expect(
      openingHoursRows({
        mon: [
          ["08:00", "12:30"],
          ["13:30", "18:00"],
        ],
      })[0],
    ).toEqual({ days: "Mo", daysLong: "Montag", hours: "08:00–12:30 und 13:30–18:00 Uhr" });
  });

  it("a week without hours is closed throughout", () => {
    expect(openingHoursRows({})).toEqual([{ days: "Mo–So", daysLong: "Montag bis Sonntag", hours: "geschlossen" }]);
  });
});

describe("opening hours summary (footer, direct contact)", () => {
  it("names the open days in one line and leaves closed days out", () => {
    const week: WeeklyHours = {
      mon: [["08:30", "19:00"]],
      tue: [["08:30", "19:00"]],
      wed: [["08:30", "19:00"]],
      thu: [["08:30", "19:00"]],
      fri: [["08:30", "19:00"]],
      sat: [["09:00", "16:00"]],
    };
    expect(openingHoursSummary(week)).toBe("Mo–Fr 08:30–19:00 Uhr, Sa 09:00–16:00 Uhr");
    expect(
      openingHoursSummary({
        mon: [
          ["08:00", "12:00"],
          ["13:00", "17:00"],
        ],
        wed: [["08:00", "12:00"]],
      }),
    ).toBe("Mo 08:00–12:00 und 13:00–17:00 Uhr, Mi 08:00–12:00 Uhr");
  });

  it("is null for a week without an open day", () => {
    expect(openingHoursSummary({})).toBeNull();
  });
});
