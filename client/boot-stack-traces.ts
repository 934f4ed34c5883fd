/**
 * Error stacks are off while the first-load modules evaluate, and back on before the entry's own
 * code runs (docs/performance.md, "The module evaluation task, looked into").
 *
 * React DOM is CommonJS, so the bundle runs its ~200 KB module as one function, and that module
 * creates its sentinel errors (`Error(...)` for Suspense, hydration and actions) while the function
 * runs. With a DevTools protocol client attached (Lighthouse, every lab tool, the Performance panel)
 * V8 records each new error's stack with source positions, and for that function it has to re-parse
 * all of it: 90–150 ms inside the module evaluation task at Lighthouse's 4× CPU, counted as blocking
 * time, though visitors' browsers never do it. A non-number `Error.stackTraceLimit` makes V8 capture
 * no stack at all; none of those errors' stacks is ever read.
 *
 * Imported first by both entries, before anything that loads React. The entry calls
 * {@link resumeStackTraces} first thing in its body; the microtask is the fallback for a module
 * graph that fails to evaluate, so a broken deploy's errors still have stacks after the first one.
 */
const errorConstructor = Error as { stackTraceLimit?: unknown };
const limit = errorConstructor.stackTraceLimit;
// Only where the engine has the setting (V8, JavaScriptCore); elsewhere nothing to pause.
let paused = typeof limit === "number";
if (paused) errorConstructor.stackTraceLimit = undefined;

export function resumeStackTraces(): void {
  if (!paused) return;
  paused = false;
  errorConstructor.stackTraceLimit = limit;
}

queueMicrotask(resumeStackTraces);
