/**
 * German number formats ("1.234,5"), each made once per isolate or page and then kept: making an
 * Intl.NumberFormat costs ≈ 0.1 ms, and a page formats hundreds of figures (the brand's models page
 * spent ≈ 3 ms per request making one per range, in the V8 profile of `npm run bench:cpu`). Made on first use, never at module load (the worker's
 * startup, docs/limits.md). Keyed by the fraction digits the code asks for, never by user input.
 */
const formats = new Map<string, Intl.NumberFormat>();

export function germanNumber(fractionDigits?: { min: number; max: number }): Intl.NumberFormat {
  const key = fractionDigits ? `${fractionDigits.min}-${fractionDigits.max}` : "";
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(
      "de-DE",
      fractionDigits ? { minimumFractionDigits: fractionDigits.min, maximumFractionDigits: fractionDigits.max } : {},
    );
    formats.set(key, format);
  }
  return format;
}
