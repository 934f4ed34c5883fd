/**
 * Alphabetical order for German names without Intl.Collator (`localeCompare(…, "de")` sets up
 * ICU's collation data on a page's first call: ≈ 20 ms in the test host's Chromium). DIN 5007-1,
 * as the "de" collation sorts words: ä, ö, ü as a, o, u and ß as ss, case ignored; between words
 * that are then equal, the plain letter before the umlaut and lower case before upper case.
 * Characters other than letters keep their code order (space, punctuation, digits before letters,
 * as the collation has them). domain/german-order.test.ts checks it against Intl.Collator("de").
 */
const FOLDED = new Map([
  ["ä", "a"],
  ["ö", "o"],
  ["ü", "u"],
  ["ß", "ss"],
]);

function folded(text: string): string {
  return text.toLowerCase().replace(/[äöüß]/g, (letter) => FOLDED.get(letter) ?? letter);
}

/** A sort comparator: `names.sort(compareGerman)`. */
export function compareGerman(a: string, b: string): number {
  const primaryA = folded(a);
  const primaryB = folded(b);
  if (primaryA !== primaryB) return primaryA < primaryB ? -1 : 1;
  const lowerA = a.toLowerCase();
  const lowerB = b.toLowerCase();
  if (lowerA !== lowerB) return lowerA < lowerB ? -1 : 1;
  // Lower case first: in code order the capitals come first.
  return a === b ? 0 : a < b ? 1 : -1;
}
