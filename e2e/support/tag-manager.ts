/**
 * The e2e server's site config names this tag manager container (SEED_TAG_MANAGER_ID in
 * playwright.config.ts), so the tag manager stand-in (client/public/demo/tag-manager.js) is loaded
 * for visitors who granted "Statistiken". A container id as a real one looks: it is not a brand
 * tag, and no "Kein Markenhersteller" report is made for it (ADR 0032).
 */
export const E2E_TAG_MANAGER_ID = "GTM-E2E0001";
