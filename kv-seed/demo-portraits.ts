/**
 * Drawn portraits for the demo's contact persons, so the demo shows photos without any image host
 * (docs/locations.md "Photos"). Static files in client/public/demo/portraits (served as assets, never
 * through the worker); kv-seed/demo-portraits.test.ts fails when a file differs from what is drawn
 * here, and `npm run seed` does not write them: after changing a drawing, write the files again with
 *   npx node --input-type=module -e 'await (await import("./kv-seed/demo-portraits.ts")).writeDemoPortraits()'
 * Square, 240 px: the cards crop them to a circle.
 */

export const PORTRAIT_SIZE = 240;
export const PORTRAIT_DIRECTORY = "client/public/demo/portraits";

interface Drawing {
  name: string;
  background: string;
  skin: string;
  hair: string;
  shirt: string;
  long: boolean;
}

const DRAWINGS: readonly Drawing[] = [
  { name: "portrait-1", background: "#dbe7f3", skin: "#f1c7a5", hair: "#4a3426", shirt: "#0b1f33", long: true },
  { name: "portrait-2", background: "#e6eee0", skin: "#c98e67", hair: "#1f1a17", shirt: "#35506b", long: true },
  { name: "portrait-3", background: "#f3e4d7", skin: "#f6d3b8", hair: "#b7862f", shirt: "#5a6b7a", long: true },
  { name: "portrait-4", background: "#e3e0ef", skin: "#8d5a3b", hair: "#2a1d16", shirt: "#7a2e3a", long: true },
  { name: "portrait-5", background: "#dfe9ea", skin: "#f0c3a0", hair: "#6b4a2f", shirt: "#0b1f33", long: false },
  { name: "portrait-6", background: "#efe6d8", skin: "#d9a27c", hair: "#222222", shirt: "#2f4f3f", long: false },
  { name: "portrait-7", background: "#e2e6ee", skin: "#f5d0b5", hair: "#9a9a9a", shirt: "#35506b", long: false },
  { name: "portrait-8", background: "#f0e2e2", skin: "#a86f4c", hair: "#3b2a20", shirt: "#4d4d4d", long: false },
];

/** The site path of each portrait: the first half long hair, the second short. */
export const DEMO_PORTRAITS = DRAWINGS.map(({ name }) => `/demo/portraits/${name}.svg`);
export const LONG_HAIR_PORTRAITS = DEMO_PORTRAITS.slice(0, 4);
export const SHORT_HAIR_PORTRAITS = DEMO_PORTRAITS.slice(4);

function portraitSvg({ background, skin, hair, shirt, long }: Drawing): string {
  const size = PORTRAIT_SIZE;
  const longHair = long ? `<path d="M72 112c0-44 22-68 48-68s48 24 48 68v64H72z" fill="${hair}"/>` : "";
  const top = long
    ? "M78 104c2-34 18-52 42-52s40 18 42 52c-14-16-28-22-42-22s-28 6-42 22z"
    : "M80 98c0-30 16-46 40-46s40 16 40 46c-10-12-24-16-40-16s-30 4-40 16z";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}">` +
    `<rect width="${size}" height="${size}" fill="${background}"/>` +
    longHair +
    `<path d="M36 240c4-46 38-70 84-70s80 24 84 70z" fill="${shirt}"/>` +
    `<path d="M104 150h32v28c0 10-32 10-32 0z" fill="${skin}"/>` +
    `<ellipse cx="120" cy="112" rx="38" ry="46" fill="${skin}"/>` +
    `<path d="${top}" fill="${hair}"/>` +
    `</svg>`
  );
}

/** Every portrait as `{ path, svg }` (path relative to the repository). */
export function demoPortraitFiles(): Array<{ path: string; svg: string }> {
  return DRAWINGS.map((drawing) => ({ path: `${PORTRAIT_DIRECTORY}/${drawing.name}.svg`, svg: portraitSvg(drawing) }));
}

/** Writes the files (a maintenance step, see the header; not part of the seed). */
export async function writeDemoPortraits(): Promise<void> {
  const { mkdirSync, writeFileSync } = await import("node:fs");
  mkdirSync(PORTRAIT_DIRECTORY, { recursive: true });
  for (const { path, svg } of demoPortraitFiles()) writeFileSync(path, svg);
}
