import { readFileSync } from "node:fs";
import { expect, it } from "vitest";

/**
 * `npm ci` installs exactly the lock file and fails on any platform whose optional packages it
 * lacks ("Missing … from lock file"). npm resolves an optional dependency of a package
 * from the nearest node_modules up the tree, as here: every one must have an entry.
 */
it("the lock file lists every optional (platform) package, for every platform", () => {
  const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as {
    lockfileVersion: number;
    packages: Record<string, { optionalDependencies?: Record<string, string>; version?: string }>;
  };
  expect(lock.lockfileVersion).toBe(3);
  const missing: string[] = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    for (const name of Object.keys(entry.optionalDependencies ?? {})) {
      const candidates: string[] = [];
      let base = path;
      while (true) {
        candidates.push(`${base ? `${base}/` : ""}node_modules/${name}`);
        const parent = base.lastIndexOf("/node_modules/");
        if (parent === -1) {
          if (base === "") break;
          base = "";
        } else base = base.slice(0, parent);
      }
      if (!candidates.some((candidate) => Object.hasOwn(lock.packages, candidate))) missing.push(`${path || "(root)"} → ${name}`);
    }
  }
  expect(missing).toEqual([]);
  // workerd ships one binary package per platform: all of them are locked.
  for (const platform of ["darwin-64", "darwin-arm64", "linux-64", "linux-arm64", "windows-64"]) {
    expect(Object.hasOwn(lock.packages, `node_modules/@cloudflare/workerd-${platform}`), platform).toBe(true);
  }
});
