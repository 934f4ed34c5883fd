import { describe, expect, it } from "vitest";
import { parseOpsArgs } from "./cli-args.ts";

describe("ops script arguments", () => {
  it.each([
    [["--env", "staging"], { help: false, env: "staging", flags: new Set() }],
    [["--env=production", "--yes"], { help: false, env: "production", flags: new Set(["--yes"]) }],
    [["-e", "staging", "--dry-run", "--yes"], { help: false, env: "staging", flags: new Set(["--dry-run", "--yes"]) }],
    [["--help"], { help: true }],
    [["--env", "nope", "-h"], { help: true }],
  ])("%j", (argv, expected) => {
    expect(parseOpsArgs(argv, ["--yes", "--dry-run"])).toEqual(expected);
  });

  it.each([
    [[], /--env must be one of: staging, production/],
    [["--env", "prod"], /--env must be one of/],
    [["--env", "__proto__"], /--env must be one of/],
    [["--env", "staging", "--force"], /unknown argument "--force"/],
  ])("%j is refused: %s", (argv, message) => {
    expect(() => parseOpsArgs(argv, ["--yes"])).toThrow(message);
  });
});
