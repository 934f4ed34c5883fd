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
  // lead forms of the site itself (issue 8): trade-in with the licence plate, workshop appointment
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
