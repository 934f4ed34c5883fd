import type { WranglerAnswer, WranglerRunner } from "./wrangler-runner.ts";

/** One command a test expects, in order, and what wrangler answers to it. */
export interface RecordedCall {
  argv: readonly string[];
  answer?: Partial<WranglerAnswer>;
}

/**
 * A wrangler that answers from a recording: every call must be the next expected argv (else the
 * test fails with both), and answers with exit 0 and empty output unless the recording says
 * otherwise. `calls` is what was run; `remaining` what was expected and not run.
 */
export function recordedWrangler(recording: readonly RecordedCall[]) {
  const calls: string[][] = [];
  let next = 0;
  const run: WranglerRunner = async (argv) => {
    calls.push([...argv]);
    const expected = recording[next];
    if (!expected) throw new Error(`unexpected wrangler call ${next + 1}: ${argv.join(" ")}`);
    if (expected.argv.join(" ") !== argv.join(" "))
      throw new Error(`wrangler call ${next + 1}:\n  expected: ${expected.argv.join(" ")}\n  got:      ${argv.join(" ")}`);
    next += 1;
    return { code: 0, stdout: "", stderr: "", ...expected.answer };
  };
  return { run, calls, remaining: () => recording.slice(next).map((call) => call.argv.join(" ")) };
}
