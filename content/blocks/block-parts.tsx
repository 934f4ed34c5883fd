import { createContext, createElement, useContext, type ComponentProps, type ReactNode } from "react";
import type { ImageAsset } from "../block-schemas.ts";
import { knownImageDimensions, responsiveSrcSet, storyblokImage } from "../storyblok-image.ts";
import { RichText } from "../rich-text/rich-text.tsx";
import type { Block } from "../story-schema.ts";
import type { RenderBlocks } from "./block-props.ts";

/** Small pieces every block family shares: headings, texts, images, button rows. */

/** h2–h6 from a computed level (the page title is the one h1). */
export function Heading({ level, children, className, id }: { level: number; children: ReactNode; className?: string; id?: string }) {
  const tag = `h${Math.min(6, Math.max(2, Math.round(level)))}`;
  return createElement(tag, { className, id }, children);
}

/** A text field that may hold plain text or rich text (see block-schemas.ts textOrRichText). */
export function BlockText({ text, level, render, className }: { text: unknown; level: number; render?: RenderBlocks; className?: string }) {
  if (text === undefined || text === null || text === "") return null;
  if (typeof text === "string") return <p className={className}>{text}</p>;
  return (
    <RichText
      doc={text}
      headingBase={level}
      className={className}
      renderBlocks={render ? (blocks: Block[]) => render(blocks, { level: level + 1 }) : undefined}
    />
  );
}

const DEFAULT_WIDTHS = [320, 480, 640, 800, 1024, 1280, 1600, 1920];

/**
 * True inside what the first screen does not show although its blocks would load their images
 * eagerly: a carousel's later slides. Their heroes' images load lazily and without high priority,
 * so only the first slide's image competes for the line with the document and the stylesheet.
 */
export const OffScreenImagesContext = createContext(false);

/**
 * An editor's image: Storyblok assets get a srcset and their intrinsic size (from the asset path)
 * so nothing shifts; other sources (our own SVGs) pass through. Lazy unless `eager` (heroes).
 */
export function BlockImage({
  image,
  sizes = "100vw",
  eager = false,
  aspectRatio,
  className,
  width = 1280,
}: {
  image: Pick<ImageAsset, "filename" | "alt"> & Partial<ImageAsset>;
  sizes?: string;
  eager?: boolean;
  /** Crop to this width/height ratio (uses the editor's focus point). */
  aspectRatio?: number;
  className?: string;
  /** Width of the fallback `src`. */
  width?: number;
}) {
  const offScreen = useContext(OffScreenImagesContext);
  const loadsEagerly = eager && !offScreen;
  const original = knownImageDimensions(image.filename);
  const height = aspectRatio ? Math.round(width / aspectRatio) : 0;
  const src = storyblokImage(image.filename, { width, height, focus: image.focus, quality: 80 });
  const srcSet = responsiveSrcSet(image.filename, DEFAULT_WIDTHS, { aspectRatio, focus: image.focus, quality: 80 });
  const intrinsic = original ? (aspectRatio ? { width, height } : { width: original.width, height: original.height }) : undefined;
  return (
    <img
      className={className}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={image.alt}
      title={image.title}
      width={intrinsic?.width}
      height={intrinsic?.height}
      loading={loadsEagerly ? "eager" : "lazy"}
      fetchPriority={loadsEagerly ? "high" : undefined}
      decoding={loadsEagerly ? undefined : "async"}
    />
  );
}

/** Buttons under a block's text, rendered through the registry (they are `button` blocks). */
export function ButtonRow({ buttons, render }: { buttons: readonly Block[] | undefined; render: RenderBlocks }) {
  if (!buttons || buttons.length === 0) return null;
  return <div className="button-row">{render(buttons)}</div>;
}

/** A block's optional headline + intro text; returns the level its children use. */
export function BlockHeader({
  headline,
  subline,
  text,
  level,
  render,
  id,
}: {
  headline?: string | undefined;
  subline?: string | undefined;
  text?: unknown;
  level: number;
  render?: RenderBlocks;
  id?: string;
}) {
  if (!headline && !subline && (text === undefined || text === "")) return null;
  return (
    <header className="block__header">
      {headline ? (
        <Heading level={level} id={id} className="block__headline">
          {headline}
        </Heading>
      ) : null}
      {subline ? <p className="block__subline">{subline}</p> : null}
      <BlockText text={text} level={headline ? level + 1 : level} render={render} className="block__text" />
    </header>
  );
}

/**
 * A block's landmark opening with its header (BlockHeader), named by its headline when there is
 * one: the editor's, else `fallback` (a default the block always shows, or a name from its data).
 *
 * @example
 * <SectionWithHeader block={block} fallback="Chat" className="block embed-chat" level={level} render={render}>
 *   <InlineChat />
 * </SectionWithHeader>
 */
export function SectionWithHeader({
  block,
  fallback,
  className,
  level,
  render,
  children,
  ...attributes
}: {
  block: { _uid: string; headline?: string | undefined; subline?: string | undefined; text?: unknown };
  fallback?: string | undefined;
  className: string;
  level: number;
  render: RenderBlocks;
  children: ReactNode;
} & Omit<ComponentProps<"section">, "className" | "children" | "aria-labelledby">) {
  const id = headingId(block._uid);
  const headline = block.headline ?? fallback;
  return (
    <section className={className} aria-labelledby={headline ? id : undefined} {...attributes}>
      <BlockHeader headline={headline} subline={block.subline} text={block.text} level={level} render={render} id={id} />
      {children}
    </section>
  );
}

/** Cards as list items, so screen readers announce how many there are. */
export function CardList<T>({
  className,
  items,
  keyOf,
  children,
}: {
  className: string;
  items: readonly T[];
  keyOf: (item: T) => string;
  children: (item: T) => ReactNode;
}) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={keyOf(item)}>{children(item)}</li>
      ))}
    </ul>
  );
}

/** Level for children: one deeper when the block showed its own headline. */
export function childLevel(level: number, headline: string | undefined): number {
  return headline ? Math.min(6, level + 1) : level;
}

/** Stable id for aria-labelledby from the block uid. */
export function headingId(uid: string): string {
  return `block-${uid.replace(/[^\w-]/g, "")}-title`;
}

/**
 * A block's landmark, named by its headline (shown as the heading) when the editor gave one, else
 * by `fallbackLabel` for screen readers: every section on the page has a name.
 */
export function NamedSection({
  uid,
  className,
  headline,
  fallbackLabel,
  level,
  children,
}: {
  uid: string;
  className: string;
  headline: string | undefined;
  fallbackLabel: string;
  level: number;
  children: ReactNode;
}) {
  const id = headingId(uid);
  return (
    <section className={className} aria-labelledby={headline ? id : undefined} aria-label={headline ? undefined : fallbackLabel}>
      {headline ? (
        <Heading level={level} id={id}>
          {headline}
        </Heading>
      ) : null}
      {children}
    </section>
  );
}
