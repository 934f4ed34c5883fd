/**
 * German number formats ("1.234,5", "12.345 €") without Intl. The first Intl object a page makes
 * loads ICU's locale data: 40–110 ms on the test host's Chromium (bench/intl-cost.ts), times four on
 * Lighthouse's phone profile, inside the task that evaluates the page's modules or hydrates it.
 * The same code runs on the worker, so the server's HTML and the hydrated page agree character
 * for character.
 *
 * The output equals `Intl.NumberFormat("de-DE", …)` for every finite number (domain/german-number.test.ts
 * compares both): "." groups thousands from four digits on, "," separates the fraction, rounding
 * is half away from zero on the number's shortest decimal form (as ICU does: 1.0005 → "1,001"),
 * a negative number keeps its sign even when it rounds to zero ("-0").
 */

export interface FractionDigits {
  min: number;
  max: number;
}

/** Intl's default for a plain number: up to three fraction digits. */
const DEFAULT_DIGITS: FractionDigits = { min: 0, max: 3 };

/** A number in German notation: `germanNumber(1234.5)` → "1.234,5". */
export function formatGermanNumber(value: number, digits: FractionDigits = DEFAULT_DIGITS): string {
  if (Number.isNaN(value)) return "NaN";
  const negative = value < 0 || Object.is(value, -0);
  if (!Number.isFinite(value)) return negative ? "-∞" : "∞";
  const [whole, fraction] = roundedDigits(Math.abs(value), digits);
  const grouped = whole.length > 3 ? whole.replace(/\B(?=(\d{3})+$)/g, ".") : whole;
  return `${negative ? "-" : ""}${grouped}${fraction ? `,${fraction}` : ""}`;
}

/** `{ format }` like an Intl.NumberFormat, for module constants: `const COUNT = germanNumber();`. */
export function germanNumber(digits: FractionDigits = DEFAULT_DIGITS): { format(value: number): string } {
  return { format: (value) => formatGermanNumber(value, digits) };
}

/** The integer and fraction digits of a non-negative finite number, rounded half away from zero. */
function roundedDigits(value: number, { min, max }: FractionDigits): [string, string] {
  const [whole, fraction] = plainDecimal(value);
  let digits = whole + fraction.padEnd(max, "0").slice(0, max);
  if ((fraction[max] ?? "0") >= "5") digits = incremented(digits);
  const wholeLength = digits.length - max;
  const kept = digits.slice(wholeLength).replace(/0+$/, "");
  return [digits.slice(0, wholeLength).replace(/^0+(?=\d)/, "") || "0", kept.padEnd(min, "0")];
}

/** The shortest decimal form of a non-negative finite number as integer and fraction digits, without an exponent. */
function plainDecimal(value: number): [string, string] {
  const text = String(value);
  const exponentAt = text.indexOf("e");
  if (exponentAt < 0) {
    const [whole = "0", fraction = ""] = text.split(".");
    return [whole, fraction];
  }
  // "1.5e-7", "1e+21": move the point by the exponent.
  const exponent = Number(text.slice(exponentAt + 1));
  const [lead = "0", rest = ""] = text.slice(0, exponentAt).split(".");
  const mantissa = lead + rest;
  const point = lead.length + exponent;
  if (point <= 0) return ["0", "0".repeat(-point) + mantissa];
  if (point >= mantissa.length) return [mantissa + "0".repeat(point - mantissa.length), ""];
  return [mantissa.slice(0, point), mantissa.slice(point)];
}

/** A digit string plus one in its last place: "199" → "200", "99" → "100". */
function incremented(digits: string): string {
  let index = digits.length - 1;
  while (index >= 0 && digits[index] === "9") index--;
  if (index < 0) return `1${"0".repeat(digits.length)}`;
  return digits.slice(0, index) + String(Number(digits[index]) + 1) + "0".repeat(digits.length - index - 1);
}

/** Whole euros: "12.345 €" (a no-break space before the sign, as Intl and DIN 5008 write it). */
export function formatEuro(amount: number): string {
  return `${formatGermanNumber(amount, { min: 0, max: 0 })}\u00a0€`;
}

const MONTHS = ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"];

/** A date's UTC calendar day in German: "5. März 2026" (Intl's de-DE day numeric, month long, year numeric). */
export function formatGermanDate(date: Date): string {
  return `${date.getUTCDate()}. ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
