/**
 * A value made the first time it is asked for, then kept. For module-level things of the worker's
 * startup graph that are costly to make and that only some requests need: the global scope runs at
 * every isolate's startup (docs/limits.md), before any request.
 *
 *   const islandPreloads = onFirstUse(() => new Map(Object.entries(buildInfo().editorial.islands)));
 *   islandPreloads().get("chat");
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}
