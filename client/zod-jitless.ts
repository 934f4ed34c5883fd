/**
 * zod loads lazily (ADR 0006) and, on its first object parse, probes `new Function("")` to decide
 * whether it may compile fast parsers. Our CSP has no 'unsafe-eval', so the probe is blocked and
 * Chromium records a Content-Security-Policy issue on every page that parses (Lighthouse best
 * practices: compare page 96). zod reads its settings from `globalThis.__zod_globalConfig`; setting
 * `jitless` there before zod loads skips the probe without pulling zod into the first load.
 * Imported first by client/entry.tsx so it runs before any other module.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });

export {};
