/**
 * Error stacks are off while the first-load modules evaluate and back on right after (ADR 0049;
 * docs/performance.md, "The module evaluation task, looked into").
 *
 * React DOM is CommonJS, so the bundle runs its ~200 KB module as one function, and that module
 * creates its sentinel errors (`Error(...)` for Suspense, hydration and actions) while the function
 * runs. With a DevTools protocol client attached (Lighthouse, every lab tool, the Performance panel)
 * V8 records each new error's stack with source positions, and for that function it has to re-parse
 * all of it: 90–150 ms inside the module evaluation task at Lighthouse's 4× CPU, counted as blocking
 * time, though visitors' browsers never do it. A non-number `Error.stackTraceLimit` makes V8 capture
 * no stack at all; none of those errors' stacks is ever read.
 *
 * Imported first by both entries, before anything that loads React. The limit comes back in a
 * microtask: after the whole module graph has evaluated (or failed to), or at the app entry's first
 * `await`. Only where the engine has the setting (V8, JavaScriptCore). Every byte here is on every
 * page's first load, hence no more than this.
 */
const errors = Error as { stackTraceLimit?: unknown };
const limit = errors.stackTraceLimit;
if (typeof limit === "number") {
  errors.stackTraceLimit = undefined;
  queueMicrotask(() => {
    errors.stackTraceLimit = limit;
  });
}

export {};
