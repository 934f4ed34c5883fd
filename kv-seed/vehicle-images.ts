import { SITE_VEHICLE_IMAGE } from "../content/storyblok-image.ts";
import { COLORS } from "./stock-catalogue.ts";

/**
 * Generated vehicle pictures: one SVG per body shape, colour and view, so the demo
 * site needs no external image host. The stock generator names them
 * `/images/vehicles/{shape}-{colour}-{view}.svg`; the Vite build writes every file into
 * dist/client/images/vehicles (served as static assets, never through the worker).
 * Views: 1 side (facing left), 2 side in the showroom (facing right), 3 front, 4 rear.
 */

export const IMAGE_SHAPES = ["hatchback", "saloon", "coupe", "convertible", "estate", "suv", "van", "truck", "tractor", "camper"] as const;
export type ImageShape = (typeof IMAGE_SHAPES)[number];
export const IMAGE_VIEWS = [1, 2, 3, 4] as const;
export const IMAGE_WIDTH = SITE_VEHICLE_IMAGE.width;
export const IMAGE_HEIGHT = SITE_VEHICLE_IMAGE.height;

const GROUND = 410;

interface Profile {
  /** Body outline, facing left, as SVG path data (canvas 800×500, ground at y=410). */
  body: string;
  /** Side windows. */
  windows: string;
  /** Wheel centres (x) and radius. */
  wheels: number[];
  radius: number;
  /** Front view: body width and height, roof height above the ground. */
  front: { width: number; height: number; glassTop: number; glassBottom: number };
}

const PROFILES: Record<ImageShape, Profile> = {
  hatchback: {
    body: "M110 380 L105 318 Q110 292 160 282 L270 262 L350 196 Q366 186 392 186 L560 186 Q592 188 612 214 L668 276 Q690 286 694 318 L694 380 Z",
    windows: "M292 262 L360 206 Q370 200 390 200 L470 200 L470 262 Z M486 262 L486 200 L556 200 Q580 202 594 222 L628 262 Z",
    wheels: [222, 590],
    radius: 50,
    front: { width: 380, height: 250, glassTop: 196, glassBottom: 262 },
  },
  saloon: {
    body: "M80 380 L76 322 Q82 300 130 292 L280 270 L370 206 Q386 196 414 196 L560 196 Q592 198 614 222 L668 272 L716 284 Q726 296 726 322 L724 380 Z",
    windows: "M302 270 L378 216 Q388 210 410 210 L484 210 L484 270 Z M500 270 L500 210 L556 210 Q580 212 596 230 L632 270 Z",
    wheels: [208, 616],
    radius: 50,
    front: { width: 400, height: 236, glassTop: 206, glassBottom: 270 },
  },
  coupe: {
    body: "M80 382 L78 330 Q84 306 140 298 L300 278 L400 214 Q420 204 450 206 L560 212 Q600 218 640 252 L712 290 Q726 300 726 330 L724 382 Z",
    windows: "M326 278 L408 224 Q420 218 446 218 L520 220 L520 278 Z M536 278 L536 222 L556 222 Q590 228 616 256 L626 278 Z",
    wheels: [210, 612],
    radius: 52,
    front: { width: 410, height: 210, glassTop: 220, glassBottom: 276 },
  },
  convertible: {
    body: "M80 382 L78 330 Q84 306 140 298 L320 282 L372 236 L386 240 L352 284 L600 284 Q610 262 640 262 L712 292 Q726 302 726 330 L724 382 Z",
    windows: "M352 284 L380 248 L392 252 L372 284 Z",
    wheels: [210, 612],
    radius: 52,
    front: { width: 410, height: 196, glassTop: 240, glassBottom: 286 },
  },
  estate: {
    body: "M80 380 L76 322 Q82 300 130 292 L280 270 L370 204 Q386 194 414 194 L690 196 Q708 200 714 222 L722 284 Q728 300 726 322 L724 380 Z",
    windows:
      "M302 270 L378 214 Q388 208 410 208 L484 208 L484 270 Z M500 270 L500 208 L590 208 L590 270 Z M604 270 L604 208 L684 210 Q696 214 700 232 L704 270 Z",
    wheels: [208, 612],
    radius: 50,
    front: { width: 400, height: 240, glassTop: 204, glassBottom: 270 },
  },
  suv: {
    body: "M86 372 L82 304 Q88 276 140 268 L270 252 L352 176 Q368 164 398 164 L676 166 Q698 170 704 196 L716 262 Q724 280 722 304 L720 372 Z",
    windows:
      "M292 252 L362 188 Q372 180 396 180 L486 180 L486 252 Z M502 252 L502 180 L590 180 L590 252 Z M604 252 L604 180 L670 182 Q684 186 688 204 L694 252 Z",
    wheels: [214, 608],
    radius: 58,
    front: { width: 420, height: 280, glassTop: 176, glassBottom: 250 },
  },
  van: {
    body: "M70 372 L68 300 Q72 270 112 262 L196 246 L262 152 Q274 136 300 134 L712 132 Q728 134 730 152 L732 372 Z",
    windows: "M214 246 L272 160 Q280 150 300 150 L372 150 L372 246 Z M388 214 L388 150 L500 150 L500 214 Z",
    wheels: [188, 620],
    radius: 52,
    front: { width: 420, height: 300, glassTop: 146, glassBottom: 236 },
  },
  truck: {
    body: "M60 372 L58 300 Q62 270 98 262 L150 252 L196 150 Q204 134 228 134 L306 134 L306 372 Z M318 372 L318 110 L744 110 L744 372 Z",
    windows: "M166 252 L206 162 Q212 152 228 152 L292 152 L292 252 Z",
    wheels: [182, 612],
    radius: 50,
    front: { width: 420, height: 320, glassTop: 140, glassBottom: 240 },
  },
  tractor: {
    body: "M120 360 L118 250 Q122 228 150 222 L190 126 Q198 100 230 98 L380 98 L384 360 Z M384 330 L736 330 L736 360 L384 360 Z",
    windows: "M210 218 L240 130 Q246 118 262 118 L330 118 L330 218 Z",
    wheels: [236, 560, 670],
    radius: 54,
    front: { width: 440, height: 330, glassTop: 120, glassBottom: 230 },
  },
  camper: {
    body: "M58 372 L56 296 Q60 262 102 254 L168 242 L210 170 Q222 138 262 124 L300 112 L736 110 Q750 112 750 130 L752 372 Z",
    windows:
      "M184 242 L222 176 Q230 162 250 158 L300 150 L300 242 Z M420 200 L420 150 L520 150 L520 200 Z M600 206 L600 160 L680 160 L680 206 Z",
    wheels: [180, 600],
    radius: 50,
    front: { width: 440, height: 310, glassTop: 150, glassBottom: 244 },
  },
};

const BACKDROPS = [
  // 1: light studio
  `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#eef1f4"/><stop offset="0.78" stop-color="#dfe4e9"/><stop offset="0.78" stop-color="#c9cfd6"/><stop offset="1" stop-color="#b7bec6"/></linearGradient>`,
  // 2: showroom with warm floor
  `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6f3ee"/><stop offset="0.78" stop-color="#e8e2d8"/><stop offset="0.78" stop-color="#cfc6b8"/><stop offset="1" stop-color="#bdb3a3"/></linearGradient>`,
];

const GLOSS = `<linearGradient id="gloss" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.28"/><stop offset="0.5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.18"/></linearGradient>`;

function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.max(0, Math.min(255, Math.round(((value >> shift) & 255) * (1 + amount))));
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, "0")).join("")}`;
}

function wheel(x: number, radius: number): string {
  const y = GROUND - radius;
  return (
    `<circle cx="${x}" cy="${y}" r="${radius}" fill="#1b1d20"/>` +
    `<circle cx="${x}" cy="${y}" r="${Math.round(radius * 0.62)}" fill="#9aa1a8"/>` +
    `<circle cx="${x}" cy="${y}" r="${Math.round(radius * 0.22)}" fill="#5d636a"/>`
  );
}

function sideView(profile: Profile, paint: string, mirrored: boolean): string {
  const arches = profile.wheels
    .map((x) => `<circle cx="${x}" cy="${GROUND - profile.radius}" r="${profile.radius + 8}" fill="#2a2d31"/>`)
    .join("");
  const group =
    `<ellipse cx="400" cy="${GROUND + 4}" rx="340" ry="16" fill="#000" opacity="0.18"/>` +
    `<path d="${profile.body}" fill="${paint}" stroke="${shade(paint, -0.35)}" stroke-width="3"/>` +
    `<path d="${profile.body}" fill="url(#gloss)"/>` +
    `<path d="${profile.windows}" fill="#2b3a48" opacity="0.92"/>` +
    arches +
    profile.wheels.map((x) => wheel(x, profile.radius)).join("");
  return mirrored ? `<g transform="translate(800 0) scale(-1 1)">${group}</g>` : group;
}

function frontOrRear(profile: Profile, paint: string, rear: boolean): string {
  const { width, height, glassTop, glassBottom } = profile.front;
  const left = 400 - width / 2;
  const top = GROUND - 20 - height;
  const lights = rear ? "#b3141b" : "#f4f1df";
  const lightY = glassBottom + 34;
  return (
    `<ellipse cx="400" cy="${GROUND + 2}" rx="${width / 2 + 30}" ry="14" fill="#000" opacity="0.2"/>` +
    `<rect x="${left + 18}" y="${GROUND - 60}" width="46" height="60" rx="8" fill="#1b1d20"/>` +
    `<rect x="${left + width - 64}" y="${GROUND - 60}" width="46" height="60" rx="8" fill="#1b1d20"/>` +
    `<rect x="${left}" y="${top}" width="${width}" height="${height}" rx="36" fill="${paint}" stroke="${shade(paint, -0.35)}" stroke-width="3"/>` +
    `<rect x="${left}" y="${top}" width="${width}" height="${height}" rx="36" fill="url(#gloss)"/>` +
    `<path d="M${left + 44} ${glassBottom} L${left + 70} ${glassTop} L${left + width - 70} ${glassTop} L${left + width - 44} ${glassBottom} Z" fill="#2b3a48" opacity="0.92"/>` +
    `<rect x="${left + 26}" y="${lightY}" width="${width * 0.22}" height="26" rx="10" fill="${lights}"/>` +
    `<rect x="${left + width - 26 - width * 0.22}" y="${lightY}" width="${width * 0.22}" height="26" rx="10" fill="${lights}"/>` +
    (rear ? "" : `<rect x="${400 - width * 0.18}" y="${lightY - 4}" width="${width * 0.36}" height="46" rx="8" fill="#24272b"/>`) +
    `<rect x="352" y="${GROUND - 78}" width="96" height="24" rx="3" fill="#f7f7f5" stroke="#2a2d31" stroke-width="2"/>` +
    `<rect x="352" y="${GROUND - 78}" width="12" height="24" fill="#1f4aa8"/>`
  );
}

/** Frames of the 360° view: one every 15°. */
export const SPIN_FRAMES = 24;

/**
 * One frame of the turntable: the car as a box seen from angle `degrees` (0 = left side with the
 * front to the left, 90 = front, 180 = right side, 270 = rear). The side and the front or rear
 * are drawn foreshortened by the cosine and sine of the angle, side by side, as a turning box
 * shows them.
 */
function spinScene(profile: Profile, paint: string, degrees: number): string {
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  const sideWidth = 700 * Math.abs(cos);
  const endWidth = (profile.front.width + 60) * Math.abs(sin);
  const left = 400 - (sideWidth + endWidth) / 2;
  // The front or rear is on the side the visible end of the car points to.
  const endFirst = cos * sin > 0;
  const sideCenter = endFirst ? left + endWidth + sideWidth / 2 : left + sideWidth / 2;
  const endCenter = endFirst ? left + endWidth / 2 : left + sideWidth + endWidth / 2;
  const round = (value: number) => Math.round(value * 1000) / 1000;
  const side =
    Math.abs(cos) < 0.01
      ? ""
      : `<g transform="translate(${round(sideCenter)} 0) scale(${round(cos)} 1) translate(-400 0)">${sideView(profile, paint, false)}</g>`;
  const end =
    Math.abs(sin) < 0.01
      ? ""
      : `<g transform="translate(${round(endCenter)} 0) scale(${round(Math.abs(sin))} 1) translate(-400 0)">${frontOrRear(profile, paint, sin < 0)}</g>`;
  return side + end;
}

/**
 * The 360° sprite of one shape and colour: `SPIN_FRAMES` frames of IMAGE_WIDTH × IMAGE_HEIGHT
 * side by side, frame 0 at the left. One request for the whole turn; the spinner shows one frame
 * at a time by background position (ui/vehicle/photo-spinner.tsx).
 */
export function vehicleSpinSpriteSvg(shape: ImageShape, colorHex: string): string {
  const profile = PROFILES[shape];
  const frames = Array.from(
    { length: SPIN_FRAMES },
    (_, frame) =>
      `<svg x="${frame * IMAGE_WIDTH}" width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" viewBox="0 0 ${IMAGE_WIDTH} ${IMAGE_HEIGHT}">` +
      `<rect width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" fill="url(#bg)"/>${spinScene(profile, colorHex, (frame * 360) / SPIN_FRAMES)}</svg>`,
  ).join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${IMAGE_WIDTH * SPIN_FRAMES} ${IMAGE_HEIGHT}" width="${IMAGE_WIDTH * SPIN_FRAMES}" height="${IMAGE_HEIGHT}">` +
    `<defs>${BACKDROPS[0]}${GLOSS}</defs>${frames}</svg>`
  );
}

/** Where the stock generator finds the sprite of a shape and colour. */
export function spinSpritePath(shape: string, colorKey: string): string {
  return `/images/vehicles/spin/${shape}-${colorKey}.svg`;
}

/** The SVG document of one picture. Decorative shapes only: the page supplies the alt text. */
export function vehicleImageSvg(shape: ImageShape, colorHex: string, view: number): string {
  const profile = PROFILES[shape];
  const backdrop = BACKDROPS[view === 2 ? 1 : 0];
  const scene = view === 3 || view === 4 ? frontOrRear(profile, colorHex, view === 4) : sideView(profile, colorHex, view === 2);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${IMAGE_WIDTH} ${IMAGE_HEIGHT}" width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}">` +
    `<defs>${backdrop}${GLOSS}</defs>` +
    `<rect width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" fill="url(#bg)"/>` +
    scene +
    `</svg>`
  );
}

/** Every picture the generator can name: `{ path, svg }` for the build to write. */
export function allVehicleImages(): Array<{ path: string; svg: string }> {
  return IMAGE_SHAPES.flatMap((shape) =>
    COLORS.flatMap((color) => [
      ...IMAGE_VIEWS.map((view) => ({
        path: `images/vehicles/${shape}-${color.key}-${view}.svg`,
        svg: vehicleImageSvg(shape, color.hex, view),
      })),
      { path: spinSpritePath(shape, color.key).slice(1), svg: vehicleSpinSpriteSvg(shape, color.hex) },
    ]),
  );
}
