import { Fragment, type ComponentType, type ReactNode } from "react";
import type { BlockComponent } from "./block-names.ts";
import type { BlockRenderContext } from "./block-data.ts";
import type { Block } from "./story-schema.ts";
import { isInvalidBlockMarker } from "./invalid-block.ts";
import type { BlockProps, RenderBlocks } from "./blocks/block-props.ts";
import { BlockErrorBoundary } from "./blocks/block-error-boundary.tsx";
import { ButtonBlockView } from "./blocks/button-block.tsx";
import { CardGridView, CardView } from "./blocks/card-blocks.tsx";
import {
  ContentCenteredView,
  ContentDisclaimerView,
  ContentFramedView,
  ContentImageColumnsView,
  ContentImageView,
  ContentStartAppView,
  ContentTwoColumnView,
  RichTextBlockView,
} from "./blocks/content-blocks.tsx";
import {
  EmbedChatView,
  EmbedIframeView,
  EmbedInstantAppointmentGridView,
  EmbedRecruitmentWidgetView,
  EmbedVideoView,
} from "./blocks/embed-blocks.tsx";
import { HeroCarouselView, HeroStockView, HeroView } from "./blocks/hero-blocks.tsx";
import { ArticleLatestView, ArticleOverviewView } from "./blocks/article-blocks.tsx";
import { BrandLogosView, BrandOverviewView } from "./blocks/brand-blocks.tsx";
import { ImageGalleryView, ImageGridView, ImageSliderView } from "./blocks/image-blocks.tsx";
import { PartnerBrandComponentView } from "./blocks/partner-brand-block.tsx";
import { ReviewWidgetView } from "./blocks/review-blocks.tsx";
import { EmployeeGridView, EmployeeOverviewView, EmployeeView } from "./blocks/people-blocks.tsx";
import { LocationGridView, LocationOverviewView } from "./blocks/place-blocks.tsx";
import { ArticleView, InvalidBlockView, PageView } from "./blocks/root-blocks.tsx";
import {
  LeaseOverviewView,
  StockOverviewView,
  StockPreviewView,
  StockQuickEntryView,
  StockQuickSearchView,
  StockResultsView,
} from "./blocks/stock-blocks.tsx";
import { StockLeaseDetailView, StockMediaGalleryView, StockPhotoSpinnerView } from "./blocks/stock-vehicle-blocks.tsx";
import { StockLocationDetailView } from "./blocks/location-detail-block.tsx";
import { EmbedFormView, StockTradeInView, WorkshopAppointmentView } from "./blocks/lead-blocks-lazy.tsx";
import { StockLicensePlateView } from "./blocks/license-plate-block.tsx";

export type { BlockRenderContext } from "./block-data.ts";

/**
 * The block registry: Storyblok component name → React component. Blocks arrive
 * validated by the worker (content/validate-blocks.ts with content/block-schemas.ts); this module
 * imports the schemas' types only, so zod stays off the browser's first load (ADR 0006).
 *
 * Unknown names render nothing (a preview shows a marker), `invalid_block` markers render only in
 * preview. Heading levels: top-level blocks get `context.headingLevel` (default 2, the page title
 * is the h1); a block with its own headline renders its children one level deeper.
 *
 * @example
 * <BlockRenderer blocks={[page.content]} context={{ data, preview: page.preview }} />
 */

// Each component receives the validated block of its own name; the map cannot express that per key.
// biome-ignore lint/suspicious/noExplicitAny: the map cannot express "the block of this key" per entry
type AnyBlockComponent = ComponentType<BlockProps<any>>;

export const BLOCK_VIEWS: Record<BlockComponent | "page" | "article", AnyBlockComponent> = {
  page: PageView,
  article: ArticleView,
  hero: HeroView,
  hero_carousel: HeroCarouselView,
  hero_stock: HeroStockView,
  card_grid_full_width: CardGridView,
  card_grid: CardGridView,
  card_grid_four_column: CardGridView,
  card_grid_masonry: CardGridView,
  card_grid_slider: CardGridView,
  card_grid_small: CardGridView,
  card_grid_two_column: CardGridView,
  card: CardView,
  rich_text: RichTextBlockView,
  content_centered: ContentCenteredView,
  content_disclaimer: ContentDisclaimerView,
  content_employees: EmployeeGridView,
  content_image: ContentImageView,
  content_image_columns: ContentImageColumnsView,
  content_framed: ContentFramedView,
  content_two_column: ContentTwoColumnView,
  content_start_app: ContentStartAppView,
  embed_chat: EmbedChatView,
  embed_instant_appointment_grid: EmbedInstantAppointmentGridView,
  embed_recruitment_widget: EmbedRecruitmentWidgetView,
  embed_video: EmbedVideoView,
  embed_form: EmbedFormView,
  embed_iframe: EmbedIframeView,
  employee: EmployeeView,
  employee_grid: EmployeeGridView,
  employee_overview: EmployeeOverviewView,
  location_grid: LocationGridView,
  location_overview: LocationOverviewView,
  lease_overview: LeaseOverviewView,
  stock_overview: StockOverviewView,
  stock_preview: StockPreviewView,
  stock_quick_entry: StockQuickEntryView,
  stock_quick_search: StockQuickSearchView,
  stock_trade_in: StockTradeInView,
  stock_license_plate: StockLicensePlateView,
  stock_media_gallery: StockMediaGalleryView,
  stock_photo_spinner: StockPhotoSpinnerView,
  stock_lease_detail: StockLeaseDetailView,
  stock_results: StockResultsView,
  stock_location_detail: StockLocationDetailView,
  workshop_appointment: WorkshopAppointmentView,
  brand_logos: BrandLogosView,
  brand_overview: BrandOverviewView,
  article_latest: ArticleLatestView,
  article_overview: ArticleOverviewView,
  image_gallery: ImageGalleryView,
  image_grid: ImageGridView,
  image_slider: ImageSliderView,
  review_widget: ReviewWidgetView,
  partner_brand_component: PartnerBrandComponentView,
  button: ButtonBlockView,
};

/** Renders one block (or nothing) with the given headline level. */
export function renderBlock(block: Block, context: BlockRenderContext, level: number = context.headingLevel ?? 2): ReactNode {
  if (isInvalidBlockMarker(block)) {
    return context.preview ? <InvalidBlockView key={block._uid} block={block} /> : null;
  }
  const View = Object.hasOwn(BLOCK_VIEWS, block.component) ? BLOCK_VIEWS[block.component as BlockComponent] : undefined;
  if (!View) {
    return context.preview ? (
      <InvalidBlockView
        key={block._uid}
        block={{ component: "invalid_block", _uid: block._uid, original: block.component, issues: ["unbekannte Komponente"] }}
      />
    ) : null;
  }
  const render: RenderBlocks = (children, options) => renderBlocks(children, context, options?.level ?? level);
  const view = (
    <BlockErrorBoundary key={block._uid} component={block.component} preview={context.preview}>
      <View block={block} context={context} level={Math.min(6, Math.max(2, level))} render={render} />
    </BlockErrorBoundary>
  );
  // The visual editor finds blocks by their _editable comment data (preview only).
  const editable = context.preview ? (block as { _editable?: unknown })._editable : undefined;
  return typeof editable === "string" ? (
    <div key={block._uid} className="storyblok-editable" data-blok-c={editableData(editable)} data-blok-uid={block._uid}>
      {view}
    </div>
  ) : (
    view
  );
}

function renderBlocks(blocks: readonly Block[] | undefined, context: BlockRenderContext, level: number): ReactNode {
  if (!blocks || blocks.length === 0) return null;
  return blocks.map((block, index) => <Fragment key={block._uid ?? index}>{renderBlock(block, context, level)}</Fragment>);
}

/** Renders a list of blocks (a story's root is a list of one). */
export function BlockRenderer({ blocks, context }: { blocks: Block[]; context: BlockRenderContext }) {
  return <>{renderBlocks(blocks, context, context.headingLevel ?? 2)}</>;
}

/** Storyblok's `_editable` is `<!--#storyblok#{json}-->`; the bridge reads the JSON from data-blok-c. */
function editableData(editable: string): string | undefined {
  const match = /^<!--#storyblok#(\{.*\})-->$/s.exec(editable);
  return match?.[1];
}
