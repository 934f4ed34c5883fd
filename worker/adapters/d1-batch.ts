/**
 * The results of a D1 batch, one per statement in order (D1's contract): `rows(results, 0)` is the
 * first statement's rows. A missing result is a broken contract, not a case to handle: it throws,
 * and the caller's failure path (a notice, a 503) takes over.
 */
export function rows(results: readonly D1Result[], index: number): unknown[] {
  const result = results[index];
  if (result === undefined) throw new Error(`D1 batch: no result for statement ${index}`);
  return result.results;
}
