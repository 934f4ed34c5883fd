import { accessSync, constants, existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEBIAN_CHROMIUM, resolveChromium } from "./e2e/support/chromium-executable.ts";

/** Which browser the journeys drive (`npm test` passes on a machine with only Node and npm). */
describe("resolveChromium", () => {
  it("takes CHROMIUM_PATH first", async () => {
    await expect(resolveChromium({ CHROMIUM_PATH: "/opt/chromium/chrome", E2E_BROWSER: "bundled" })).resolves.toEqual({
      executablePath: "/opt/chromium/chrome",
      source: "CHROMIUM_PATH",
      extraArgs: [],
    });
  });

  it.runIf(existsSync(DEBIAN_CHROMIUM))("takes Debian's chromium when it is installed", async () => {
    await expect(resolveChromium({})).resolves.toMatchObject({ executablePath: DEBIAN_CHROMIUM, source: "debian" });
  });

  it("falls back to the browser bundled in @sparticuz/chromium, runnable with its own NSS libraries", { timeout: 60_000 }, async () => {
    const saved = process.env.LD_LIBRARY_PATH;
    try {
      const choice = await resolveChromium({ E2E_BROWSER: "bundled" });
      expect(choice.source).toBe("bundled");
      accessSync(choice.executablePath, constants.X_OK);
      const libraryDir = process.env.LD_LIBRARY_PATH?.split(":")[0] ?? "";
      expect(existsSync(`${libraryDir}/libnss3.so`)).toBe(true);
    } finally {
      if (saved === undefined) delete process.env.LD_LIBRARY_PATH;
      else process.env.LD_LIBRARY_PATH = saved;
    }
  });
});

describe(".ci/run", () => {
  it("runs exactly the README's test command", () => {
    const readme = readFileSync("README.md", "utf8");
    const command = /^(npm ci && npm test)\s+#/m.exec(readme)?.[1];
    expect(command).toBe("npm ci && npm test");
    const script = readFileSync(".ci/run", "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "" && !line.startsWith("#"));
    expect(script.at(-1)).toBe(command);
  });
});
