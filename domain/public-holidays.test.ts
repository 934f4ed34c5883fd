import { describe, expect, it } from "vitest";
import { GERMAN_STATES, type GermanState, addDays, easterSunday, holidayOn, isGermanState, publicHolidays } from "./public-holidays.ts";

const NATIONWIDE = [
  "Neujahr",
  "Karfreitag",
  "Ostermontag",
  "Tag der Arbeit",
  "Christi Himmelfahrt",
  "Pfingstmontag",
  "Tag der Deutschen Einheit",
  "1. Weihnachtstag",
  "2. Weihnachtstag",
];

const NORTHERN_2026 = [
  { date: "2026-01-01", name: "Neujahr" },
  { date: "2026-04-03", name: "Karfreitag" },
  { date: "2026-04-06", name: "Ostermontag" },
  { date: "2026-05-01", name: "Tag der Arbeit" },
  { date: "2026-05-14", name: "Christi Himmelfahrt" },
  { date: "2026-05-25", name: "Pfingstmontag" },
  { date: "2026-10-03", name: "Tag der Deutschen Einheit" },
  { date: "2026-10-31", name: "Reformationstag" },
  { date: "2026-12-25", name: "1. Weihnachtstag" },
  { date: "2026-12-26", name: "2. Weihnachtstag" },
];

const names = (year: number, state: GermanState) => publicHolidays(year, state).map(({ name }) => name);

describe("Easter Sunday (Gregorian computus)", () => {
  it("matches the published dates, including the earliest and latest possible ones", () => {
    expect(easterSunday(2024)).toBe("2024-03-31");
    expect(easterSunday(2025)).toBe("2025-04-20");
    expect(easterSunday(2026)).toBe("2026-04-05");
    expect(easterSunday(2027)).toBe("2027-03-28");
    expect(easterSunday(2038)).toBe("2038-04-25");
    expect(easterSunday(2285)).toBe("2285-03-22");
    expect(easterSunday(2000)).toBe("2000-04-23");
    expect(easterSunday(2019)).toBe("2019-04-21");
  });
});

describe("calendar dates", () => {
  it("adding days crosses month and year ends and leap days", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });
});

describe("German states", () => {
  it("knows exactly the 16 state codes", () => {
    expect(GERMAN_STATES).toHaveLength(16);
    expect(isGermanState("NW")).toBe(true);
    expect(isGermanState("nw")).toBe(false);
    expect(isGermanState("DE")).toBe(false);
    expect(isGermanState("toString")).toBe(false);
  });
});

describe("statewide public holidays", () => {
  it("Hamburg, Lower Saxony and Schleswig-Holstein have ten holidays in 2026", () => {
    for (const state of ["HH", "NI", "SH"] as const) {
      expect(publicHolidays(2026, state)).toEqual(NORTHERN_2026);
      expect(publicHolidays(2026, state)).toHaveLength(10);
    }
  });

  it("Bavaria has twelve statewide holidays in 2026 (Mariä Himmelfahrt only in Catholic municipalities)", () => {
    expect(publicHolidays(2026, "BY")).toEqual([
      { date: "2026-01-01", name: "Neujahr" },
      { date: "2026-01-06", name: "Heilige Drei Könige" },
      { date: "2026-04-03", name: "Karfreitag" },
      { date: "2026-04-06", name: "Ostermontag" },
      { date: "2026-05-01", name: "Tag der Arbeit" },
      { date: "2026-05-14", name: "Christi Himmelfahrt" },
      { date: "2026-05-25", name: "Pfingstmontag" },
      { date: "2026-06-04", name: "Fronleichnam" },
      { date: "2026-10-03", name: "Tag der Deutschen Einheit" },
      { date: "2026-11-01", name: "Allerheiligen" },
      { date: "2026-12-25", name: "1. Weihnachtstag" },
      { date: "2026-12-26", name: "2. Weihnachtstag" },
    ]);
  });

  it("every state has the nine nationwide holidays, sorted by date", () => {
    for (const state of GERMAN_STATES) {
      const holidays = publicHolidays(2026, state);
      expect(holidays.map(({ name }) => name)).toEqual(expect.arrayContaining(NATIONWIDE));
      expect(holidays.map(({ date }) => date)).toEqual(holidays.map(({ date }) => date).sort());
    }
  });

  it("counts per state in 2026", () => {
    const counts = Object.fromEntries(GERMAN_STATES.map((state) => [state, publicHolidays(2026, state).length]));
    expect(counts).toEqual({
      BW: 12,
      BY: 12,
      BE: 10,
      BB: 12,
      HB: 10,
      HH: 10,
      HE: 10,
      MV: 11,
      NI: 10,
      NW: 11,
      RP: 11,
      SL: 12,
      SN: 11,
      ST: 11,
      SH: 10,
      TH: 11,
    });
  });

  it("Buß- und Bettag 2026 is Wednesday 18 November, in Saxony only", () => {
    expect(holidayOn("2026-11-18", "SN")).toBe("Buß- und Bettag");
    for (const state of GERMAN_STATES.filter((code) => code !== "SN")) expect(holidayOn("2026-11-18", state)).toBeNull();
  });

  it("Buß- und Bettag is the Wednesday before 23 November, also when 22 November is a Wednesday", () => {
    expect(publicHolidays(2023, "SN")).toContainEqual({ date: "2023-11-22", name: "Buß- und Bettag" });
    expect(publicHolidays(2024, "SN")).toContainEqual({ date: "2024-11-20", name: "Buß- und Bettag" });
    expect(publicHolidays(2025, "SN")).toContainEqual({ date: "2025-11-19", name: "Buß- und Bettag" });
  });

  it("Brandenburg lists Easter and Whit Sunday among its holidays", () => {
    expect(names(2026, "BB")).toEqual(expect.arrayContaining(["Ostersonntag", "Pfingstsonntag"]));
  });

  it.each<[date: string, holiday: string, states: readonly GermanState[]]>([
    // Reformationstag: in every state in 2017 (the Reformation's 500th anniversary), in Lower Saxony from
    // 2018; Saxony always had it
    ["2017-10-31", "Reformationstag", GERMAN_STATES],
    ["2018-10-31", "Reformationstag", ["NI"]],
    ["2016-10-31", "Reformationstag", ["SN"]],
    // Internationaler Frauentag: Berlin from 2019, Mecklenburg-Vorpommern from 2023
    ["2023-03-08", "Internationaler Frauentag", ["MV"]],
    ["2019-03-08", "Internationaler Frauentag", ["BE"]],
    // Tag der Befreiung was a one-off holiday in Berlin in 2020 and 2025
    ["2020-05-08", "Tag der Befreiung", ["BE"]],
    ["2025-05-08", "Tag der Befreiung", ["BE"]],
    // Brandenburg keeps Easter and Whit Sunday, Thuringia Weltkindertag from 2019
    ["2026-04-05", "Ostersonntag", ["BB"]],
    ["2026-05-24", "Pfingstsonntag", ["BB"]],
    ["2019-09-20", "Weltkindertag", ["TH"]],
    // Fronleichnam, Mariä Himmelfahrt, Allerheiligen and Heilige Drei Könige where the state law has them
    ["2026-06-04", "Fronleichnam", ["NW"]],
    ["2026-08-15", "Mariä Himmelfahrt", ["SL"]],
    ["2026-11-01", "Allerheiligen", ["RP"]],
    ["2026-01-06", "Heilige Drei Könige", ["ST"]],
    // two holidays on one day are both named
    ["2008-05-01", "Tag der Arbeit und Christi Himmelfahrt", ["HH"]],
  ])("%s is %s in %j", (date, holiday, states) => {
    for (const state of states) expect(holidayOn(date, state), state).toBe(holiday);
  });

  it.each<[date: string, state: GermanState]>([
    // Reformationstag: not in Lower Saxony before 2017, not in Bavaria
    ["2016-10-31", "NI"],
    ["2018-10-31", "BY"],
    // Internationaler Frauentag: not before 2019 in Berlin or 2023 in Mecklenburg-Vorpommern, not in Hamburg
    ["2022-03-08", "MV"],
    ["2018-03-08", "BE"],
    ["2026-03-08", "HH"],
    // Tag der Befreiung: not in other years, not in Brandenburg
    ["2026-05-08", "BE"],
    ["2025-05-08", "BB"],
    // Easter Sunday only in Brandenburg, Weltkindertag not before 2019
    ["2026-04-05", "BE"],
    ["2018-09-20", "TH"],
    // Fronleichnam, Mariä Himmelfahrt, Allerheiligen and Heilige Drei Könige not where the state law lacks them
    ["2026-06-04", "SN"],
    ["2026-08-15", "BY"],
    ["2026-11-01", "HE"],
    ["2026-01-06", "NI"],
    // a working day or a malformed date
    ["2026-10-02", "HH"],
    ["03.10.2026", "HH"],
    ["", "HH"],
  ])("%j is no holiday in %s", (date, state) => {
    expect(holidayOn(date, state)).toBeNull();
  });
});
