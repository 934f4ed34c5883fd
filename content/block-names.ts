/**
 * Technical names of the Storyblok components the site renders (spec section 2, "Page-builder
 * blocks editors can place"). The demo space (kv-seed/demo-space/) and the block registry
 * (content/block-registry.tsx) both use exactly these names; a story may nest them in `body`
 * fields (page, content_two_column, …) and list fields (cards, slides, images, employees, …).
 */
export const ROOT_COMPONENTS = ["page", "article"] as const;

/** The card grid's layouts: one schema and one view, seven component names. */
export const CARD_GRID_COMPONENTS = [
  "card_grid_full_width",
  "card_grid",
  "card_grid_four_column",
  "card_grid_masonry",
  "card_grid_slider",
  "card_grid_small",
  "card_grid_two_column",
] as const;

export const BLOCK_COMPONENTS = [
  // heroes
  "hero",
  "hero_carousel",
  "hero_stock",
  // card grids and their item
  ...CARD_GRID_COMPONENTS,
  "card",
  // content variants
  "rich_text",
  "content_centered",
  "content_disclaimer",
  "content_employees",
  "content_image",
  "content_image_columns",
  "content_framed",
  "content_two_column",
  "content_start_app",
  // embeds
  "embed_chat",
  "embed_instant_appointment_grid",
  "embed_recruitment_widget",
  "embed_video",
  "embed_form",
  "embed_iframe",
  // people and places
  "employee",
  "employee_grid",
  "employee_overview",
  "location_grid",
  "location_overview",
  // lease and stock
  "lease_overview",
  "stock_overview",
  "stock_preview",
  "stock_quick_entry",
  "stock_quick_search",
  "stock_results",
  // one vehicle of the stock
  "stock_media_gallery",
  "stock_photo_spinner",
  "stock_lease_detail",
  "stock_location_detail",
  // lead forms of the site itself: trade-in with the licence plate, workshop appointment
  "stock_trade_in",
  "stock_license_plate",
  "workshop_appointment",
  // brands
  "brand_logos",
  "brand_overview",
  // articles
  "article_latest",
  "article_overview",
  // images
  "image_gallery",
  "image_grid",
  "image_slider",
  // reviews, partner brand
  "review_widget",
  "partner_brand_component",
  // shared pieces editors nest
  "button",
] as const;
export type BlockComponent = (typeof BLOCK_COMPONENTS)[number];

/** Blocks that only live inside another block's list (a grid's cards, a team's people, buttons), never as a page section. */
export const NESTED_ONLY_COMPONENTS = ["card", "employee", "button"] as const satisfies readonly BlockComponent[];

/** What an editor may place in a page's `body`: every block but the nested-only ones. */
export const SECTION_COMPONENTS: readonly BlockComponent[] = BLOCK_COMPONENTS.filter(
  (name) => !(NESTED_ONLY_COMPONENTS as readonly string[]).includes(name),
);

/** What a column of `content_two_column` holds: sections without the page-wide ones (heroes, the two columns themselves). */
export const COLUMN_COMPONENTS: readonly BlockComponent[] = SECTION_COMPONENTS.filter(
  (name) => !["hero", "hero_carousel", "hero_stock", "content_two_column"].includes(name),
);

/**
 * Storyblok components that are entries of one field, not page-builder blocks: the form definition
 * of `embed_form` (fields, options, option groups), the reviews of `review_widget`, the attributes
 * of `partner_brand_component`. The parent block's schema reads them; validate-blocks.ts never sees
 * them as blocks, and the site renders none of them on its own (docs/storyblok-space.md).
 */
export const FIELD_ITEM_COMPONENTS = ["form_field", "form_option", "form_option_group", "review", "partner_attribute"] as const;
export type FieldItemComponent = (typeof FIELD_ITEM_COMPONENTS)[number];
