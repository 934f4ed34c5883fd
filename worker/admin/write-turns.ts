/**
 * One write at a time per isolate (the redirect admin, ADR 0021), without one request ever waiting
 * on another request's promise (ADR 0035). The turn is a lease in isolate state: a request that
 * finds it taken checks again on its own timer. A write whose request was cancelled — its KV calls
 * may never settle, its `finally` never run — holds the turn for `leaseMs` at most; a request waits
 * `waitMs` at most and then hears that it is busy instead of hanging.
 *
 *   const turns = createWriteTurns(state, { waitMs: 30_000, leaseMs: 120_000, pollMs: 50 });
 *   const outcome = await turns(() => writeRedirects(…));
 *   if (!outcome.ran) return busy();
 */

/** The turn's holder: since when (null: free). Lives in isolate state. */
export interface WriteTurnState {
  holder: { since: number } | null;
}

export interface WriteTurnOptions {
  /** How long a request waits for the turn before it gives up. */
  waitMs: number;
  /** How long a holder keeps the turn at most (longer than any write runs). */
  leaseMs: number;
  /** How often a waiting request looks again. */
  pollMs: number;
  now?: () => number;
}

export type WriteTurn<T> = { ran: true; value: T } | { ran: false };

export function createWriteTurns(state: WriteTurnState, options: WriteTurnOptions): <T>(work: () => Promise<T>) => Promise<WriteTurn<T>> {
  const now = options.now ?? Date.now;
  const taken = () => state.holder !== null && now() - state.holder.since < options.leaseMs;
  return async function inTurn<T>(work: () => Promise<T>): Promise<WriteTurn<T>> {
    const deadline = now() + options.waitMs;
    while (taken()) {
      if (now() >= deadline) return { ran: false };
      await new Promise((resolve) => setTimeout(resolve, options.pollMs));
    }
    // No await between the check and taking it: two requests never both take a free turn.
    const holder = { since: now() };
    state.holder = holder;
    try {
      return { ran: true, value: await work() };
    } finally {
      if (state.holder === holder) state.holder = null;
    }
  };
}
