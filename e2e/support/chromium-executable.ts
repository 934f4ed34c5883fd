import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Which Chromium the journeys drive, in this order:
 *
 * 1. `CHROMIUM_PATH` when set (any local build);
 * 2. Debian's `/usr/bin/chromium` when installed (.ci/run installs it; fastest to start);
 * 3. the browser bundled in the npm package @sparticuz/chromium, unpacked once to the temp
 *    directory (~1.5 s the first time), so `npm install && npm test` passes on a machine that
 *    has only Node and npm — Playwright cannot download its own browsers here.
 *
 * `E2E_BROWSER=bundled` skips step 2 (how the fallback is tried on a machine that has Debian's).
 */
export type ChromiumChoice = { executablePath: string; source: "CHROMIUM_PATH" | "debian" | "bundled"; extraArgs: string[] };

export const DEBIAN_CHROMIUM = "/usr/bin/chromium";

export async function resolveChromium(env: Readonly<Record<string, string | undefined>> = process.env): Promise<ChromiumChoice> {
  if (env.CHROMIUM_PATH) return { executablePath: env.CHROMIUM_PATH, source: "CHROMIUM_PATH", extraArgs: [] };
  if (env.E2E_BROWSER !== "bundled" && existsSync(DEBIAN_CHROMIUM)) {
    return { executablePath: DEBIAN_CHROMIUM, source: "debian", extraArgs: [] };
  }
  const { default: bundled, inflate } = await import("@sparticuz/chromium");
  const executablePath = await bundled.executablePath();
  // NSS, NSPR and expat built for Amazon Linux 2023 ship in the package too (the package unpacks
  // them only on Lambda): with them the browser needs nothing from the system but glibc.
  const libraries = await inflate(join(dirname(fileURLToPath(import.meta.resolve("@sparticuz/chromium"))), "..", "bin", "al2023.tar.br"));
  process.env.LD_LIBRARY_PATH = [join(libraries, "lib"), process.env.LD_LIBRARY_PATH].filter(Boolean).join(":");
  // The package's fonts (fonts.tar.br) unpack next to the binary; without this Chromium uses none.
  process.env.FONTCONFIG_PATH ??= join(tmpdir(), "fonts");
  // Software GL as the package's own flags say. Not its --single-process (meant for Lambda's
  // sandbox): with it the browser dies when the first test closes its context.
  return { executablePath, source: "bundled", extraArgs: ["--use-gl=angle", "--use-angle=swiftshader"] };
}

/**
 * Flags for every Chromium the journeys and bench/consent-layout.ts launch (TOOLCHAIN.md "Browser"):
 * as root it needs --no-sandbox; without the others it floods the closed network with connection attempts.
 */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

/** Playwright launch options for the chosen Chromium (resolveChromium): its own flags first, then CHROMIUM_ARGS. */
export async function chromiumLaunchOptions(
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<{ executablePath: string; args: string[] }> {
  const browser = await resolveChromium(env);
  return { executablePath: browser.executablePath, args: [...browser.extraArgs, ...CHROMIUM_ARGS] };
}
