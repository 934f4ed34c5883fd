import { describe, expect, it } from "vitest";
import type { WeeklyHours } from "./data-schemas.ts";
import { berlinTime, type OpeningStatus, openingStatus, weekdayOf } from "./opening-status.ts";
import { holidayLookup, openingStatusIn, upcomingHolidays, type GermanState } from "./public-holidays.ts";

const weekdays = (intervals: Array<[string, string]>): WeeklyHours => ({
  mon: intervals,
  tue: intervals,
  wed: intervals,
  thu: intervals,
  fri: intervals,
});
const showroom = (): WeeklyHours => ({ ...weekdays([["08:30", "18:30"]]), sat: [["09:00", "14:00"]] });
const workshop = (): WeeklyHours =>
  weekdays([
    ["08:00", "12:30"],
    ["13:30", "18:00"],
  ]);

/** `berlinTime` as "sun 2026-03-29 03:00": weekday, date and wall-clock time. */
function berlinClock(iso: string): string {
  const { weekday, date, minutes } = berlinTime(new Date(iso));
  const [hours, minute] = [Math.floor(minutes / 60), minutes % 60].map((part) => String(part).padStart(2, "0"));
  return `${weekday} ${date} ${hours}:${minute}`;
}

const textAt = (hours: WeeklyHours, iso: string, state: GermanState = "NW") => openingStatusIn(state, hours, new Date(iso)).text;

/** Instants and the Berlin wall clock at them (weekday, date, time). */
const BERLIN_CLOCKS: Record<string, string> = {
  // summer time is UTC+2, winter time UTC+1
  "2026-06-10T08:00:00Z": "wed 2026-06-10 10:00",
  "2026-01-14T08:00:00Z": "wed 2026-01-14 09:00",
  // spring forward on 29 March 2026: 01:59 CET is followed by 03:00 CEST
  "2026-03-29T00:59:59Z": "sun 2026-03-29 01:59",
  "2026-03-29T01:00:00Z": "sun 2026-03-29 03:00",
  "2026-03-29T01:59:59Z": "sun 2026-03-29 03:59",
  // fall back on 25 October 2026: 02:30 happens twice
  "2026-10-25T00:30:00Z": "sun 2026-10-25 02:30",
  "2026-10-25T00:59:59Z": "sun 2026-10-25 02:59",
  "2026-10-25T01:00:00Z": "sun 2026-10-25 02:00",
  "2026-10-25T01:30:00Z": "sun 2026-10-25 02:30",
  // midnight is minute 0 of the Berlin date, which can be a UTC day ahead
  "2026-06-30T21:59:00Z": "tue 2026-06-30 23:59",
  "2026-06-30T22:00:00Z": "wed 2026-07-01 00:00",
  "2026-06-30T22:30:00Z": "wed 2026-07-01 00:30",
  "2026-12-31T23:30:00Z": "fri 2027-01-01 00:30",
};

describe("Berlin wall-clock time", () => {
  it.each(Object.entries(BERLIN_CLOCKS))("%s is %s in Berlin", (instant, berlin) => {
    expect(berlinClock(instant)).toBe(berlin);
  });

  it("a calendar date names its weekday; a string that is no date is a bug and says so", () => {
    expect(weekdayOf("2026-11-25")).toBe("wed");
    expect(weekdayOf("2026-11-29")).toBe("sun");
    expect(() => weekdayOf("25.11.2026")).toThrow(RangeError);
  });
});

/** The showroom's status text at instants in North Rhine-Westphalia. */
const SHOWROOM_TEXTS: Record<string, string> = {
  // opens at the first minute and closes at the last one
  "2026-06-10T06:30:00Z": "Jetzt geöffnet · schließt um 18:30 Uhr",
  "2026-06-10T16:29:59Z": "Jetzt geöffnet · schließt um 18:30 Uhr",
  "2026-06-10T16:30:00Z": "Geschlossen · öffnet morgen um 08:30 Uhr",
  // Friday evening opens on Saturday's hours, Sunday opens on Monday
  "2026-06-12T17:00:00Z": "Geschlossen · öffnet morgen um 09:00 Uhr",
  "2026-06-14T10:00:00Z": "Geschlossen · öffnet morgen um 08:30 Uhr",
  // a public holiday is closed all day and named
  "2026-05-25T08:00:00Z": "Geschlossen (Feiertag: Pfingstmontag) · öffnet morgen um 08:30 Uhr",
  // Christmas: Friday and Saturday are holidays, so the showroom reopens on Monday
  "2026-12-24T18:00:00Z": "Geschlossen · öffnet Montag um 08:30 Uhr",
  "2026-12-25T09:00:00Z": "Geschlossen (Feiertag: 1. Weihnachtstag) · öffnet Montag um 08:30 Uhr",
  "2026-12-26T09:00:00Z": "Geschlossen (Feiertag: 2. Weihnachtstag) · öffnet Montag um 08:30 Uhr",
  // spring forward 2026: Monday 06:29Z is 08:29 CEST, 06:30Z is open; Friday before, 07:30Z is 08:30 CET
  "2026-03-30T06:29:00Z": "Geschlossen · öffnet heute um 08:30 Uhr",
  "2026-03-30T06:30:00Z": "Jetzt geöffnet · schließt um 18:30 Uhr",
  "2026-03-27T07:29:00Z": "Geschlossen · öffnet heute um 08:30 Uhr",
  "2026-03-27T07:30:00Z": "Jetzt geöffnet · schließt um 18:30 Uhr",
  // spring forward 2026: the short Sunday is neither skipped nor repeated
  "2026-03-28T19:00:00Z": "Geschlossen · öffnet Montag um 08:30 Uhr",
  "2026-03-29T21:59:00Z": "Geschlossen · öffnet morgen um 08:30 Uhr",
  "2026-03-29T22:00:00Z": "Geschlossen · öffnet heute um 08:30 Uhr",
  // fall back 2026: Friday 06:30Z is 08:30 CEST, Monday 07:30Z is 08:30 CET
  "2026-10-23T06:29:00Z": "Geschlossen · öffnet heute um 08:30 Uhr",
  "2026-10-23T06:30:00Z": "Jetzt geöffnet · schließt um 18:30 Uhr",
  "2026-10-26T07:29:00Z": "Geschlossen · öffnet heute um 08:30 Uhr",
  "2026-10-26T07:30:00Z": "Jetzt geöffnet · schließt um 18:30 Uhr",
  // fall back 2026: the long Sunday is neither skipped nor repeated
  "2026-10-24T18:00:00Z": "Geschlossen · öffnet Montag um 08:30 Uhr",
  "2026-10-25T01:30:00Z": "Geschlossen · öffnet morgen um 08:30 Uhr",
  "2026-10-25T22:59:00Z": "Geschlossen · öffnet morgen um 08:30 Uhr",
  "2026-10-25T23:00:00Z": "Geschlossen · öffnet heute um 08:30 Uhr",
  // just before and after midnight Berlin time, on the UTC date boundary
  "2026-06-30T21:59:00Z": "Geschlossen · öffnet morgen um 08:30 Uhr",
  "2026-06-30T22:30:00Z": "Geschlossen · öffnet heute um 08:30 Uhr",
  "2026-12-31T22:59:00Z": "Geschlossen · öffnet Samstag um 09:00 Uhr",
  "2026-12-31T23:30:00Z": "Geschlossen (Feiertag: Neujahr) · öffnet morgen um 09:00 Uhr",
};

describe("opening status", () => {
  it("takes the holidays as data: a listed date is closed, the state's rules are not consulted", () => {
    const christmasAsData = holidayLookup([{ date: "2026-12-25", name: "1. Weihnachtstag" }]);
    expect(openingStatus(showroom(), christmasAsData, new Date("2026-12-25T09:00:00Z")).text).toBe(
      "Geschlossen (Feiertag: 1. Weihnachtstag) · öffnet morgen um 09:00 Uhr",
    );
    // Without the list the same moment is an ordinary Friday.
    expect(openingStatus(showroom(), () => null, new Date("2026-12-25T09:00:00Z")).open).toBe(true);
  });

  it.each<[instant: string, status: OpeningStatus]>([
    // open during the day: names the closing time
    ["2026-06-10T08:00:00Z", { open: true, text: "Jetzt geöffnet · schließt um 18:30 Uhr", closesAt: "18:30" }],
    // closed before opening: opens today
    ["2026-06-10T05:00:00Z", { open: false, text: "Geschlossen · öffnet heute um 08:30 Uhr", opensAt: { day: "heute", time: "08:30" } }],
    // after closing: opens tomorrow
    ["2026-06-10T17:00:00Z", { open: false, text: "Geschlossen · öffnet morgen um 08:30 Uhr", opensAt: { day: "morgen", time: "08:30" } }],
    // Saturday evening: opens on Monday, named by its weekday
    ["2026-06-13T16:00:00Z", { open: false, text: "Geschlossen · öffnet Montag um 08:30 Uhr", opensAt: { day: "Montag", time: "08:30" } }],
  ])("the showroom's status at %s is %j", (instant, status) => {
    expect(openingStatusIn("NW", showroom(), new Date(instant))).toEqual(status);
  });

  it.each(Object.entries(SHOWROOM_TEXTS))("the showroom at %s says %s", (instant, text) => {
    expect(textAt(showroom(), instant)).toBe(text);
  });

  it("split hours close for lunch and reopen today", () => {
    expect(textAt(workshop(), "2026-06-10T10:00:00Z")).toBe("Jetzt geöffnet · schließt um 12:30 Uhr");
    expect(textAt(workshop(), "2026-06-10T11:00:00Z")).toBe("Geschlossen · öffnet heute um 13:30 Uhr");
    expect(textAt(workshop(), "2026-06-10T12:00:00Z")).toBe("Jetzt geöffnet · schließt um 18:00 Uhr");
  });

  it("intervals in any order are read in time order", () => {
    expect(
      textAt(
        {
          wed: [
            ["13:30", "18:00"],
            ["08:00", "12:30"],
          ],
        },
        "2026-06-10T05:00:00Z",
      ),
    ).toBe("Geschlossen · öffnet heute um 08:00 Uhr");
  });

  it("a day a week ahead is named by its weekday, further days by their date", () => {
    const mondays: WeeklyHours = { mon: [["08:30", "18:30"]] };
    expect(textAt(mondays, "2026-03-23T18:00:00Z")).toBe("Geschlossen · öffnet Montag um 08:30 Uhr");
    // Ostermontag 2026-04-06 is skipped: two weeks ahead.
    expect(openingStatusIn("NW", mondays, new Date("2026-03-30T17:00:00Z"))).toEqual({
      open: false,
      text: "Geschlossen · öffnet am 13.04. um 08:30 Uhr",
      opensAt: { day: "am 13.04.", time: "08:30" },
    });
  });

  it("a public holiday is closed all day and named (Tag der Deutschen Einheit 2026 is a Saturday)", () => {
    expect(openingStatusIn("HH", showroom(), new Date("2026-10-03T08:00:00Z"))).toEqual({
      open: false,
      text: "Geschlossen (Feiertag: Tag der Deutschen Einheit) · öffnet Montag um 08:30 Uhr",
      opensAt: { day: "Montag", time: "08:30" },
    });
    expect(textAt({ ...showroom(), sun: [["11:00", "16:00"]] }, "2026-10-03T08:00:00Z", "HH")).toBe(
      "Geschlossen (Feiertag: Tag der Deutschen Einheit) · öffnet morgen um 11:00 Uhr",
    );
  });

  it("holidays depend on the state: Buß- und Bettag closes Saxony only", () => {
    expect(textAt(showroom(), "2026-11-18T09:00:00Z", "SN")).toBe("Geschlossen (Feiertag: Buß- und Bettag) · öffnet morgen um 08:30 Uhr");
    expect(textAt(showroom(), "2026-11-18T09:00:00Z", "BY")).toBe("Jetzt geöffnet · schließt um 18:30 Uhr");
  });

  it("a week without hours is just closed", () => {
    expect(openingStatusIn("NW", {}, new Date("2026-06-10T08:00:00Z"))).toEqual({ open: false, text: "Geschlossen" });
    expect(openingStatusIn("NW", { mon: [], sat: [] }, new Date("2026-06-10T08:00:00Z"))).toEqual({ open: false, text: "Geschlossen" });
    expect(textAt({}, "2026-10-03T08:00:00Z")).toBe("Geschlossen (Feiertag: Tag der Deutschen Einheit)");
  });

  it("an interval ending at 00:00 runs to midnight", () => {
    const evenings: WeeklyHours = { fri: [["18:00", "00:00"]] };
    expect(textAt(evenings, "2026-06-12T21:30:00Z")).toBe("Jetzt geöffnet · schließt um 00:00 Uhr");
    expect(textAt(evenings, "2026-06-12T22:10:00Z")).toBe("Geschlossen · öffnet Freitag um 18:00 Uhr");
  });

  it("an interval that ends before it starts is ignored, the others still count", () => {
    expect(textAt({ wed: [["18:00", "09:00"]] }, "2026-06-10T08:00:00Z")).toBe("Geschlossen");
    expect(
      textAt(
        {
          wed: [
            ["18:00", "09:00"],
            ["10:00", "12:00"],
          ],
        },
        "2026-06-10T08:30:00Z",
      ),
    ).toBe("Jetzt geöffnet · schließt um 12:00 Uhr");
    expect(textAt({ wed: [["12:00", "12:00"]] }, "2026-06-10T10:00:00Z")).toBe("Geschlossen");
  });
});

describe("upcoming holidays", () => {
  it("lists the holidays of the next 30 days across the year end, with a short label", () => {
    expect(upcomingHolidays("NW", new Date("2026-12-10T09:00:00Z"))).toEqual([
      { date: "2026-12-25", name: "1. Weihnachtstag", label: "Fr, 25.12." },
      { date: "2026-12-26", name: "2. Weihnachtstag", label: "Sa, 26.12." },
      { date: "2027-01-01", name: "Neujahr", label: "Fr, 01.01." },
    ]);
    expect(upcomingHolidays("BY", new Date("2026-12-10T09:00:00Z")).map(({ label }) => label)).toEqual([
      "Fr, 25.12.",
      "Sa, 26.12.",
      "Fr, 01.01.",
      "Mi, 06.01.",
    ]);
  });

  it("starts today in Berlin and spans `days` days including today", () => {
    expect(upcomingHolidays("NW", new Date("2026-12-24T23:30:00Z"), 1)).toEqual([
      { date: "2026-12-25", name: "1. Weihnachtstag", label: "Fr, 25.12." },
    ]);
    expect(upcomingHolidays("NW", new Date("2026-12-20T09:00:00Z"), 6).map(({ date }) => date)).toEqual(["2026-12-25"]);
    expect(upcomingHolidays("NW", new Date("2026-12-20T09:00:00Z"), 5)).toEqual([]);
  });

  it("a quiet stretch has no holidays", () => {
    expect(upcomingHolidays("HH", new Date("2026-07-01T09:00:00Z"))).toEqual([]);
  });
});
