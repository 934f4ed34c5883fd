import * as z from "zod";
import { isStoryblokAsset, storyblokImage } from "#content/storyblok-image.ts";
import { PREVIEW_SIZE, type PreviewPicture, type PreviewTexts } from "./link-preview.ts";

/**
 * What an editorial page says about its link preview (worker/ssr/link-preview.ts adds the tags;
 * docs/storyblok-space.md "Link previews"). Loaded with the first editorial page an isolate renders.
 */

const optionalText = z
  .string()
  .transform((value) => value.trim())
  .pipe(z.string().min(1).max(1_000))
  .optional()
  .catch(undefined);
const ImageSchema = z.object({ filename: z.string().min(1).max(2_000), alt: optionalText, focus: optionalText });
const optionalImage = ImageSchema.optional().catch(undefined);

/**
 * What a story says about its preview. The SEO app's object (`seo`) passes the block schemas
 * unchecked beyond title and description (content/block-schemas.ts), so its og_* fields are
 * checked here; a wrong one is left out, never the page's tags.
 */
const StoryRootSchema = z.object({
  component: z.enum(["page", "article"]),
  seo: z.object({ og_title: optionalText, og_description: optionalText, og_image: optionalText }).optional().catch(undefined),
  body: z.array(z.unknown()).optional().catch(undefined),
  /** An article's own picture (its root `image`). */
  image: optionalImage,
});
const HeroSchema = z.object({ component: z.enum(["hero", "hero_stock"]), image: optionalImage });
const HeroCarouselSchema = z.object({ component: z.literal("hero_carousel"), slides: z.array(z.unknown()).catch([]) });
const ContentDataSchema = z.object({ page: z.object({ content: z.unknown() }) });

/**
 * An editorial page's preview (the content and home routes' loader data `{ page: { content } }`):
 * the SEO app's og_image, og_title and og_description when the editor set them; else the picture of
 * the first hero (hero, hero stock, a hero carousel's first slide with one) or an article's image.
 * Null for any other page.
 */
export function storyPreview(loaderData: unknown): { picture: PreviewPicture | null; texts: PreviewTexts } | null {
  const data = ContentDataSchema.safeParse(loaderData);
  if (!data.success) return null;
  const root = StoryRootSchema.safeParse(data.data.page.content);
  if (!root.success) return null;
  const { seo, body, image } = root.data;
  const texts: PreviewTexts = {
    ...(seo?.og_title !== undefined && { title: seo.og_title }),
    ...(seo?.og_description !== undefined && { description: seo.og_description }),
  };
  if (seo?.og_image !== undefined) return { picture: sized({ src: normaliseAddress(seo.og_image), alt: "" }), texts };
  const hero = firstHeroImage(body ?? []) ?? image;
  return { picture: hero ? sized({ src: normaliseAddress(hero.filename), alt: hero.alt ?? "", focus: hero.focus }) : null, texts };
}

function firstHeroImage(blocks: readonly unknown[]): z.output<typeof ImageSchema> | undefined {
  for (const block of blocks) {
    const hero = HeroSchema.safeParse(block);
    if (hero.success && hero.data.image) return hero.data.image;
    const carousel = HeroCarouselSchema.safeParse(block);
    if (carousel.success) {
      const slide = firstHeroImage(carousel.data.slides);
      if (slide) return slide;
    }
  }
  return undefined;
}

/** Older Storyblok spaces answer protocol-relative "//a.storyblok.com/…". */
function normaliseAddress(src: string): string {
  return src.startsWith("//") ? `https:${src}` : src;
}

/**
 * A Storyblok asset cropped to 1200×630 by the image service (around the editor's focus point), as
 * JPEG whatever the fetcher's Accept header: some do not show WebP, which the service may answer
 * otherwise. An SVG stays as it is (the service cannot crop it; link-preview.ts shows the default).
 */
export function sized(picture: PreviewPicture): PreviewPicture {
  if (!isStoryblokAsset(picture.src) || /\.svg$/i.test(picture.src)) return picture;
  return {
    src: storyblokImage(picture.src, { ...PREVIEW_SIZE, focus: picture.focus, quality: 80, format: "jpeg" }),
    alt: picture.alt,
    ...PREVIEW_SIZE,
  };
}
