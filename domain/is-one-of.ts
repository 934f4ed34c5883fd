/**
 * Whether `value` is one of `list`: a type guard, so a value checked against a const list needs no
 * cast afterwards. Compares with SameValueZero, like Array.prototype.includes.
 *
 * @example if (isOneOf(SORTINGS, param)) query.sorting = param; // param: Sorting here
 */
export function isOneOf<const T>(list: readonly T[], value: unknown): value is T {
  return (list as readonly unknown[]).includes(value);
}
