import * as z from "zod";
import { BRAND_KEYS } from "./brands.ts";
import { OPTIONAL_FILTERS } from "./equipment.ts";
import { BUILT_IN_SITE_SETTINGS, CUSTOM_FILTERS, type SiteSettings } from "./site-settings.ts";

/**
 * The KV value of the site settings (domain/site-settings.ts), as ops write it: every field
 * optional, unknown fields refused (a typo must not pass silently). What it leaves out keeps the
 * built-in value.
 */
const BrandList = z.array(z.enum(BRAND_KEYS)).max(BRAND_KEYS.length);
const SitePath = z
  .string()
  .regex(/^\/(?!\/)[\w\-./]*$/, "a path of this site, starting with /")
  .max(200);

export const SiteSettingsInputSchema = z.strictObject({
  config: z
    .strictObject({
      tagId: z
        .string()
        .regex(/^[\w-]{1,60}$/)
        .nullable(),
      tagManagerId: z
        .string()
        .regex(/^[A-Za-z0-9][\w-]{0,39}$/, "a container id such as GTM-ABC123")
        .nullable(),
      brands: BrandList.min(1),
      brandHasCustomFavicon: z.boolean(),
      navigation: z.strictObject({ showBreadcrumbs: z.boolean(), disabledBrandLogos: BrandList }).partial(),
      location: z.strictObject({ showEmployees: z.boolean() }).partial(),
      hubspot: z.boolean(),
      stickyContact: z.strictObject({ link: SitePath }).partial(),
      autochat: z
        .strictObject({ enabled: z.boolean(), showChatBubble: z.boolean(), showChatBubbleDelay: z.number().min(0).max(60) })
        .partial(),
    })
    .partial()
    .optional(),
  stock: z
    .strictObject({
      wltp: z.boolean(),
      co2Image: z.boolean(),
      autoproffTradeIn: z.boolean(),
      optionalFilters: z.array(z.enum(OPTIONAL_FILTERS)).max(OPTIONAL_FILTERS.length),
      customFilters: z.array(z.enum(CUSTOM_FILTERS)).max(CUSTOM_FILTERS.length),
      multiPrice: z.boolean(),
      ctaActions: z.strictObject({ testdrive: z.literal("form").optional(), interest: z.literal("form").optional() }),
      showEmployees: z.boolean(),
    })
    .partial()
    .optional(),
});
export type SiteSettingsInput = z.infer<typeof SiteSettingsInputSchema>;

/** The settings a KV value (JSON text) makes, over the built-in ones; an error names what is wrong. */
export function parseSiteSettings(text: string | null): { settings: SiteSettings; error: string | null } {
  if (text === null) return { settings: BUILT_IN_SITE_SETTINGS, error: null };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { settings: BUILT_IN_SITE_SETTINGS, error: "site settings: not JSON" };
  }
  const parsed = SiteSettingsInputSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`);
    return { settings: BUILT_IN_SITE_SETTINGS, error: `site settings: ${issues.join("; ")}` };
  }
  return { settings: mergeSiteSettings(parsed.data), error: null };
}

export function mergeSiteSettings(input: SiteSettingsInput): SiteSettings {
  const base = BUILT_IN_SITE_SETTINGS;
  const config = input.config ?? {};
  const stock = input.stock ?? {};
  return {
    config: {
      tagId: config.tagId === undefined ? base.config.tagId : config.tagId,
      tagManagerId: config.tagManagerId === undefined ? base.config.tagManagerId : config.tagManagerId,
      brands: config.brands ? [...new Set(config.brands)] : base.config.brands,
      brandHasCustomFavicon: config.brandHasCustomFavicon ?? base.config.brandHasCustomFavicon,
      navigation: { ...base.config.navigation, ...config.navigation },
      location: { ...base.config.location, ...config.location },
      hubspot: config.hubspot ?? base.config.hubspot,
      stickyContact: { ...base.config.stickyContact, ...config.stickyContact },
      autochat: { ...base.config.autochat, ...config.autochat },
    },
    stock: {
      wltp: stock.wltp ?? base.stock.wltp,
      co2Image: stock.co2Image ?? base.stock.co2Image,
      autoproffTradeIn: stock.autoproffTradeIn ?? base.stock.autoproffTradeIn,
      optionalFilters: stock.optionalFilters ? [...new Set(stock.optionalFilters)] : base.stock.optionalFilters,
      customFilters: stock.customFilters ? [...new Set(stock.customFilters)] : base.stock.customFilters,
      multiPrice: stock.multiPrice ?? base.stock.multiPrice,
      ctaActions: stock.ctaActions ?? base.stock.ctaActions,
      showEmployees: stock.showEmployees ?? base.stock.showEmployees,
    },
  };
}
