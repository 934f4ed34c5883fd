import { expect, it } from "vitest";
import { berlinOffsetMinutes, berlinWallClock } from "./berlin-time.ts";

const intl = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Berlin",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

function intlWallClock(instant: Date): { date: string; minutes: number } {
  const parts = new Map(intl.formatToParts(instant).map(({ type, value }) => [type, value]));
  return {
    date: `${parts.get("year")}-${parts.get("month")}-${parts.get("day")}`,
    minutes: Number(parts.get("hour")) * 60 + Number(parts.get("minute")),
  };
}

it("agrees with Intl's Europe/Berlin every 47 minutes from 2020 to 2040", () => {
  const differing: string[] = [];
  for (let time = Date.UTC(2020, 0, 1); time < Date.UTC(2041, 0, 1); time += 47 * 60_000) {
    const instant = new Date(time);
    const ours = berlinWallClock(instant);
    const theirs = intlWallClock(instant);
    if (ours.date !== theirs.date || ours.minutes !== theirs.minutes) differing.push(instant.toISOString());
  }
  expect(differing).toEqual([]);
});

it("switches at 01:00 UTC on the last Sunday of March and October", () => {
  expect(berlinOffsetMinutes(new Date("2026-03-29T00:59:59Z"))).toBe(60);
  expect(berlinOffsetMinutes(new Date("2026-03-29T01:00:00Z"))).toBe(120);
  expect(berlinOffsetMinutes(new Date("2026-10-25T00:59:59Z"))).toBe(120);
  expect(berlinOffsetMinutes(new Date("2026-10-25T01:00:00Z"))).toBe(60);
  // The night that failed a CI run: 22:11 UTC on 29 September is already 30 September in Berlin.
  expect(berlinWallClock(new Date("2026-09-29T22:11:00Z"))).toEqual({ date: "2026-09-30", minutes: 11 });
  expect(berlinWallClock(new Date("2026-11-28T22:11:00Z"))).toEqual({ date: "2026-11-28", minutes: 23 * 60 + 11 });
});
