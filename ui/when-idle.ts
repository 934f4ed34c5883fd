/**
 * The page's first idle period after load, once per page. Code that is not needed to
 * show or hydrate the page waits for it: the /api ports (client/entry.tsx) and the compare and
 * favourite toggles' store (ui/carfinder/vehicle-list-toggles.tsx), whose checkboxes stay disabled
 * until the lists are read anyway. The first idle callback sets the performance mark
 * `FIRST_IDLE_MARK`, which is where e2e/first-load-budget.spec.ts stops counting the first load.
 * Without requestIdleCallback (Safari) a timeout stands in; `timeout` bounds the wait on a page
 * that is never idle.
 */
export const FIRST_IDLE_MARK = "agn:first-idle";

let firstIdle: Promise<void> | undefined;
let gate: Promise<unknown> = Promise.resolve();

/**
 * The first idle period counts only after `until` settles: the islands entry hydrates each island
 * after its chunk arrives, with idle gaps between them, so it makes the idle work wait for the
 * last one (client/islands-entry.tsx). Call before anything calls whenIdle.
 */
export function deferIdleUntil(until: Promise<unknown>): void {
  gate = until.catch(() => undefined);
}

/**
 * A page Chrome prerenders (Speculation Rules, ADR 0043) counts its first idle period only once the
 * visitor has it on screen: after activation and one frame. Otherwise the idle work (the /api
 * ports, after-idle's route preloads — some twenty module requests) starts at activation, in the
 * frame the visitor is waiting for.
 */
function onScreen(): Promise<void> {
  const doc = globalThis.document as (Document & { prerendering?: boolean }) | undefined;
  if (doc?.prerendering !== true) return Promise.resolve();
  const nextFrame =
    typeof requestAnimationFrame === "function" ? requestAnimationFrame : (callback: () => void) => setTimeout(callback, 16);
  return new Promise((resolve) =>
    doc.addEventListener("prerenderingchange", () => nextFrame(() => setTimeout(resolve, 0)), { once: true }),
  );
}

export function whenIdle(): Promise<void> {
  firstIdle ??= Promise.all([gate, onScreen()]).then(
    () =>
      new Promise<void>((resolve) => {
        const done = () => {
          if (typeof performance !== "undefined" && typeof performance.mark === "function") performance.mark(FIRST_IDLE_MARK);
          resolve();
        };
        if (typeof window !== "undefined" && "requestIdleCallback" in window) window.requestIdleCallback(done, { timeout: 3000 });
        else setTimeout(done, 1500);
      }),
  );
  return firstIdle;
}
