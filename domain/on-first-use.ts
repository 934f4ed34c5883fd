/**
 * A value made the first time it is asked for, then kept. For module-level things that are costly
 * to make and that only some requests need: the worker's global scope runs at every isolate's
 * startup (docs/limits.md), so an `Intl` formatter built there (the first one loads ICU's locale
 * data, about 16 ms) would be paid before any request, even by the many that never format a number.
 *
 *   const EURO = onFirstUse(() => new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }));
 *   EURO().format(12_990);
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}
