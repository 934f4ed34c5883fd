import { whenActivated } from "./when-activated.ts";

/**
 * The page's first idle period after load. Code that is not needed to
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

/** One idle callback as a promise; without requestIdleCallback (Safari) a timeout stands in. */
function idleCallback(timeout: number, standIn: number): Promise<void> {
  return new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === "function") requestIdleCallback(() => resolve(), { timeout });
    else setTimeout(resolve, standIn);
  });
}

export function whenIdle(): Promise<void> {
  // The first caller runs in the first idle callback, every later one in an idle callback of its
  // own: resolved together, all of them (each idle section's import, the ports, the toggles' store)
  // started their requests and compiles in one task, a long task on a phone.
  if (firstIdle) return firstIdle.then(() => idleCallback(1000, 0));
  // A page Chrome prerenders (Speculation Rules, ADR 0043) may never be shown, and it gets no idle
  // period before it is: the idle callback's timeout would fetch the idle work (chunks, the /api
  // ports, the route preload table) on a phone's data for nothing, or just as the visitor opens the
  // page, ahead of its first frame. It waits for activation; the idle callback then comes after
  // that frame's main-thread work.
  firstIdle = gate
    .then(whenActivated)
    .then(() => idleCallback(3000, 1500))
    .then(() => {
      performance.mark(FIRST_IDLE_MARK);
    });
  return firstIdle;
}
