import { afterEach, describe, expect, it, vi } from "vitest";

const errorConstructor = Error as { stackTraceLimit?: unknown };
const original = errorConstructor.stackTraceLimit;

afterEach(() => {
  errorConstructor.stackTraceLimit = original;
  vi.restoreAllMocks();
  vi.resetModules();
});

/** Imports the module afresh, holding back its fallback microtask: a dynamic import resolves only after microtasks ran. */
async function load() {
  const queued: Array<() => void> = [];
  vi.spyOn(globalThis, "queueMicrotask").mockImplementation((callback) => void queued.push(callback));
  const module = await import("./boot-stack-traces.ts");
  return { ...module, endOfTask: () => queued.splice(0).forEach((callback) => callback()) };
}

describe("boot-stack-traces", () => {
  it("captures no stack while the first-load modules evaluate and restores the limit on resume", async () => {
    errorConstructor.stackTraceLimit = 10;
    const { resumeStackTraces } = await load();
    expect(errorConstructor.stackTraceLimit).toBeUndefined();
    // What V8 does with it: an error created meanwhile has no stack to compute.
    expect(new Error("sentinel").stack).toBeUndefined();
    resumeStackTraces();
    expect(errorConstructor.stackTraceLimit).toBe(10);
    expect(new Error("later").stack).toContain("later");
  });

  it("restores the limit by itself after the current task when the entry never gets to resume", async () => {
    errorConstructor.stackTraceLimit = 25;
    const { endOfTask } = await load();
    expect(errorConstructor.stackTraceLimit).toBeUndefined();
    endOfTask();
    expect(errorConstructor.stackTraceLimit).toBe(25);
  });

  it("does not override a limit changed after resuming, and a second resume is a no-op", async () => {
    errorConstructor.stackTraceLimit = 10;
    const { resumeStackTraces, endOfTask } = await load();
    resumeStackTraces();
    errorConstructor.stackTraceLimit = 50;
    resumeStackTraces();
    endOfTask();
    expect(errorConstructor.stackTraceLimit).toBe(50);
  });

  it("leaves an engine without the setting alone", async () => {
    delete errorConstructor.stackTraceLimit;
    const { resumeStackTraces, endOfTask } = await load();
    expect("stackTraceLimit" in Error).toBe(false);
    resumeStackTraces();
    endOfTask();
    expect("stackTraceLimit" in Error).toBe(false);
  });
});
