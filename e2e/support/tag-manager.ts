/**
 * The e2e server's site config names this tag (SEED_TAG_ID in playwright.config.ts), so the tag
 * manager stand-in (client/public/demo/tag-manager.js) is loaded for visitors who granted
 * "Statistiken". It is the Mercedes-Benz site's manufacturer tag: the lead brand changes nothing
 * visible here (brandHasCustomFavicon stays false) and no "Kein Markenhersteller" report is made.
 */
export const E2E_TAG_ID = "mercedes-benz";
