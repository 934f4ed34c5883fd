import { afterEach, describe, expect, it, vi } from "vitest";

const errorConstructor = Error as { stackTraceLimit?: unknown };
const original = errorConstructor.stackTraceLimit;

afterEach(() => {
  errorConstructor.stackTraceLimit = original;
  vi.restoreAllMocks();
  vi.resetModules();
});

/** Imports the module afresh, holding back its microtask: a dynamic import resolves only after microtasks ran. */
async function load() {
  const queued: Array<() => void> = [];
  vi.spyOn(globalThis, "queueMicrotask").mockImplementation((callback) => void queued.push(callback));
  await import("./boot-stack-traces.ts");
  return { queued, endOfEvaluation: () => queued.splice(0).forEach((callback) => callback()) };
}

describe("boot-stack-traces", () => {
  it("captures no stack while the first-load modules evaluate and restores the limit right after", async () => {
    errorConstructor.stackTraceLimit = 10;
    const { endOfEvaluation } = await load();
    expect(errorConstructor.stackTraceLimit).toBeUndefined();
    // What V8 does with it: an error created meanwhile has no stack to compute.
    expect(new Error("sentinel").stack).toBeUndefined();
    endOfEvaluation();
    expect(errorConstructor.stackTraceLimit).toBe(10);
    expect(new Error("later").stack).toContain("later");
  });

  it("restores whatever limit the page had", async () => {
    errorConstructor.stackTraceLimit = 25;
    const { endOfEvaluation } = await load();
    endOfEvaluation();
    expect(errorConstructor.stackTraceLimit).toBe(25);
  });

  it("leaves an engine without the setting alone", async () => {
    delete errorConstructor.stackTraceLimit;
    const { queued } = await load();
    expect("stackTraceLimit" in Error).toBe(false);
    expect(queued).toHaveLength(0);
  });
});
