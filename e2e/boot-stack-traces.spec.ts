import { expect, open, test } from "./fixtures.ts";

/**
 * React DOM's module creates its sentinel errors while it evaluates; with a DevTools client
 * attached (Lighthouse) V8 re-parses the whole ~200 KB module function for their stacks. Both entries
 * switch stack capture off until the modules have evaluated (client/boot-stack-traces.ts). React DOM
 * announces itself to a DevTools hook at the end of its module: the limit it sees there shows the
 * window covers React DOM, and the limit after load shows stacks are back for everything else.
 */
for (const [kind, path] of [
  ["islands page", "/"],
  ["router page", "/carfinder"],
] as const) {
  test(`React DOM evaluates without error stacks and they are back once the page runs (${kind})`, async ({ page }) => {
    await page.addInitScript(() => {
      const seen: unknown[] = [];
      (window as unknown as { limitsSeenByReact: unknown[] }).limitsSeenByReact = seen;
      const noop = () => {};
      (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
        supportsFiber: true,
        isDisabled: false,
        inject() {
          seen.push(String((Error as { stackTraceLimit?: unknown }).stackTraceLimit));
          return 1;
        },
        checkDCE: noop,
        onScheduleFiberRoot: noop,
        onCommitFiberRoot: noop,
        onPostCommitFiberRoot: noop,
        onCommitFiberUnmount: noop,
        setStrictMode: noop,
      };
    });
    await open(page, path);
    const state = await page.evaluate(() => ({
      seen: (window as unknown as { limitsSeenByReact: unknown[] }).limitsSeenByReact,
      limit: (Error as { stackTraceLimit?: unknown }).stackTraceLimit,
      stack: new Error("after load").stack ?? "",
    }));
    expect(state.seen).toEqual(["undefined"]);
    expect(state.limit).toBe(10);
    expect(state.stack).toContain("after load");
  });
}
