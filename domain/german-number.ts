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

/** A number in German notation: `formatGermanNumber(1234.5)` → "1.234,5". */
export function formatGermanNumber(value: number, { min, max }: FractionDigits = DEFAULT_DIGITS): string {
  // NaN and ∞ are no figures the site shows; they stay readable, not Intl's "∞".
  if (!Number.isFinite(value)) return String(value);
  // The shortest decimal form's digits and the place of its point ("1.5e-7" and "1e+21" too).
  const [mantissa = "", exponent = "0"] = String(Math.abs(value)).split("e");
  const [lead = "", rest = ""] = mantissa.split(".");
  const point = lead.length + Number(exponent);
  const wholeDigits = Math.max(point, 1);
  const digits = (point < 1 ? "0".repeat(1 - point) + lead + rest : lead + rest).padEnd(wholeDigits + max + 1, "0");
  // Keep `max` fraction digits; the next one decides, half away from zero.
  let kept = BigInt(digits.slice(0, wholeDigits + max));
  if (digits.charAt(wholeDigits + max) >= "5") kept += 1n;
  const text = String(kept).padStart(wholeDigits + max, "0");
  const whole = text.slice(0, text.length - max).replace(/\B(?=(\d{3})+$)/g, ".");
  const fraction = text
    .slice(text.length - max)
    .replace(/0+$/, "")
    .padEnd(min, "0");
  // 1 / -0 is -∞: a negative zero keeps its sign, as in Intl.
  return `${1 / value < 0 ? "-" : ""}${whole}${fraction ? `,${fraction}` : ""}`;
}

/** `{ format }` like an Intl.NumberFormat, for module constants: `const COUNT = germanNumber();`. */
export function germanNumber(digits: FractionDigits = DEFAULT_DIGITS): { format(value: number): string } {
  return { format: (value) => formatGermanNumber(value, digits) };
}

/** Whole euros: "12.345 €" (a no-break space before the sign, as Intl and DIN 5008 write it). */
export function formatEuro(amount: number): string {
  return `${formatGermanNumber(amount, { min: 0, max: 0 })}\u00a0€`;
}
