import { describe, expect, it } from "vitest";
import { openingHoursRows } from "./opening-hours.ts";

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
