import { whenActivated } from "./when-activated.ts";

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

export function whenIdle(): Promise<void> {
  // A page Chrome prerenders (Speculation Rules, ADR 0043) may never be shown, and it gets no idle
  // period before it is: the idle callback's timeout would fetch the idle work (chunks, the /api
  // ports, the route preload table) on a phone's data for nothing, or just as the visitor opens the
  // page, ahead of its first frame. It waits for activation; the idle callback then comes after
  // that frame's main-thread work.
  firstIdle ??= gate.then(whenActivated).then(
    () =>
      new Promise<void>((resolve) => {
        const done = () => {
          performance.mark(FIRST_IDLE_MARK);
          resolve();
        };
        if (typeof requestIdleCallback === "function") requestIdleCallback(done, { timeout: 3000 });
        else setTimeout(done, 1500);
      }),
  );
  return firstIdle;
}
