import * as z from "zod";
import {
  BLOCK_COMPONENTS,
  CARD_GRID_COMPONENTS,
  COLUMN_COMPONENTS,
  SECTION_COMPONENTS,
  type BlockComponent,
  type FieldItemComponent,
} from "./block-names.ts";
import { BlockSchema, LinkFieldSchema } from "./story-schema.ts";
import { isEmptyLink, isSafeHref, linkProblem } from "./link-field.ts";
import { isSafeImageSource } from "./storyblok-image.ts";
import { isRichTextDoc } from "./rich-text/rich-text-types.ts";
import { storyblokField, storyblokFields } from "./storyblok-fields.ts";
import { ALLOWED_PARTNER_TAGS, iframeSource, videoEmbed } from "./blocks/embed-sources.ts";
import { BRAND_KEYS, isBrandKey, type BrandKey } from "#domain/brands.ts";
import { DEPARTMENT_KEYS, isDepartmentKey } from "#domain/employees.ts";
import { formDefinitionProblems } from "#domain/form-validation/form-definition.ts";
import { FORM_INPUT_TYPES, FORM_NODE_TYPES, type FormNode, type FormOption } from "#domain/form-validation/form-node.ts";
import { isOneOf } from "#domain/is-one-of.ts";
import { BODY_STYLES } from "#domain/vehicle-vocabulary.ts";

/**
 * One zod schema per Storyblok component (content/block-names.ts), with the fields an editor of
 * a German Storyblok space expects. Used on the worker only (content/validate-blocks.ts); block
 * components import these types with `import type`, so zod never reaches the browser's first load
 * (ADR 0006).
 *
 * Lenient where editors are sloppy: every text is optional, Storyblok's "" and null mean "not set",
 * numbers may arrive as strings, unknown enum values fall back to the default, text fields accept
 * plain text or rich text. Strict where safety is at stake: links must resolve through the link
 * field rules (http(s), relative, mailto:, tel:), videos and iframes come from allow-lists, partner
 * web components from an allow-list of tags with plain attributes.
 *
 * Nested blocks (`buttons`, `cards`, `slides`, `employees`, `left`/`right`, …) are only checked to
 * be blocks here; validate-blocks.ts validates each child with its own schema, so one bad card
 * drops that card, not the grid. BLOCK_LIST_FIELDS names those fields.
 *
 * Every field also says how it looks in a Storyblok space (`storyblokField`, content/storyblok-fields.ts):
 * `npm run content -- schema|push` generates the space's components from these annotations, so a
 * field added here without one fails content/storyblok-components.test.ts (docs/storyblok-space.md).
 */

// ---- field helpers ------------------------------------------------------------------------------

const base = { _uid: z.string().min(1), _editable: z.string().optional() };

/** "", null and undefined all mean "not set". */
const blank = (value: unknown) => (value === "" || value === null ? undefined : value);

const optionalText = storyblokField(
  z.preprocess((value) => (typeof value === "string" ? blank(value.trim()) : blank(value)), z.string().max(5_000).optional()),
  { type: "text" },
);

/** Storyblok rich text ({ type: "doc" }); the renderer checks every node, so only the root shape is checked. */
export const RichTextSchema = z.looseObject({ type: z.literal("doc"), content: z.array(z.looseObject({ type: z.string() })).optional() });

/** Plain text or rich text (editors swap field types between spaces). Empty docs count as unset. */
const textOrRichText = storyblokField(
  z.preprocess((value) => {
    if (typeof value === "string") return blank(value.trim());
    if (isRichTextDoc(value) && (!Array.isArray(value.content) || value.content.length === 0)) return undefined;
    return blank(value);
  }, z.union([z.string().max(20_000), RichTextSchema]).optional()),
  // Rich text in a new space (editors get formatting); plain text from older spaces still renders.
  { type: "richtext" },
);

const richTextOnly = storyblokField(
  z.preprocess(
    (value) =>
      isRichTextDoc(value)
        ? value
        : typeof value === "string" && value.trim()
          ? { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: value.trim() }] }] }
          : undefined,
    RichTextSchema.optional(),
  ),
  { type: "richtext" },
);

/** Numbers arrive as strings from Storyblok's number field; out-of-range values are clamped. */
function count(fallback: number, min: number, max: number) {
  return storyblokField(
    z.preprocess((value) => {
      const raw = blank(typeof value === "string" ? value.trim() : value);
      const number = typeof raw === "number" ? raw : typeof raw === "string" ? Number(raw) : Number.NaN;
      return Number.isFinite(number) ? Math.min(max, Math.max(min, Math.round(number))) : fallback;
    }, z.number().int()),
    { type: "number", min, max, default: fallback },
  );
}

const flag = storyblokField(
  z.preprocess((value) => value === true || value === "true", z.boolean()),
  { type: "boolean" },
);

function choice<const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) {
  return storyblokField(z.preprocess((value) => blank(value) ?? fallback, z.enum(values)).catch(fallback), {
    type: "option",
    values,
    default: fallback,
  });
}

/** A Storyblok link field; unsafe targets make the block invalid, empty ones are unset. */
export const LinkValueSchema = storyblokField(
  z.preprocess(
    (value) =>
      value === null || value === "" || (typeof value === "object" && isEmptyLink(value as z.infer<typeof LinkFieldSchema>))
        ? undefined
        : value,
    LinkFieldSchema.superRefine((link, context) => {
      const problem = linkProblem(link);
      if (problem) context.addIssue({ code: "custom", message: problem });
    }).optional(),
  ),
  { type: "multilink" },
);

/** A plain URL field (app store links, review profile): same rules as a `url` link. */
const urlText = storyblokField(
  z.preprocess(
    (value) => (typeof value === "string" ? blank(value.trim()) : blank(value)),
    z.string().max(2_000).refine(isSafeHref, { message: "unsichere oder ungültige URL" }).optional(),
  ),
  { type: "text" },
);

const hasFilename = (value: unknown) =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as { filename?: unknown }).filename === "string" &&
  (value as { filename: string }).filename.trim() !== "";

const ImageObjectSchema = z.object({
  filename: z.string().trim().refine(isSafeImageSource, { message: "Bildquelle muss https oder ein Pfad der Website sein" }),
  alt: z
    .string()
    .nullish()
    .transform((alt) => alt?.trim() ?? ""),
  title: z
    .string()
    .nullish()
    .transform((title) => title?.trim() || undefined),
  focus: z
    .string()
    .nullish()
    .transform((focus) => focus?.trim() || undefined),
  copyright: z
    .string()
    .nullish()
    .transform((text) => text?.trim() || undefined),
});

/** An asset field `{ filename, alt, focus, title }`; no filename means no image. */
export const ImageAssetSchema = storyblokField(
  z.preprocess((value) => (hasFilename(value) ? value : undefined), ImageObjectSchema.optional()),
  { type: "asset" },
);
export type ImageAsset = z.output<typeof ImageObjectSchema>;

/** A multi-asset field: the images without a file are dropped. */
const imageList = storyblokField(
  z.preprocess((value) => (Array.isArray(value) ? value.filter(hasFilename) : []), z.array(ImageObjectSchema).max(100)),
  { type: "multiasset" },
);

/**
 * Nested blocks; each child is validated with its own schema by validate-blocks.ts. `allow` is what
 * the editor may place there (the Storyblok field's component whitelist), not a validation rule.
 */
const toList = (value: unknown) => (Array.isArray(value) ? value : []);
const BlockListSchema = z.array(BlockSchema).max(200);
const blocks = (allow: readonly BlockComponent[]) =>
  storyblokField(z.preprocess(toList, BlockListSchema), { type: "bloks", allow, children: "blocks" });
const buttonList = blocks(["button"]);

/** A multi-option field: a list, or the comma-separated text of a plain text field. */
const listOf = (value: unknown): unknown[] => (typeof value === "string" ? value.split(",") : Array.isArray(value) ? value : []);

/** A list of plain texts (tags, body styles), trimmed, without empty ones. */
/** A list of plain texts (tags, body styles), trimmed, without empty ones. */
const TextItemsSchema = z.array(z.unknown()).transform((items) => items.map((item) => String(item).trim()).filter(Boolean));
/** Free tags: a comma-separated text in Storyblok. */
const textList = storyblokField(z.preprocess(listOf, TextItemsSchema), { type: "text" });
/** Body styles: the carfinder's vocabulary as a multi-option; the view drops styles it cannot show. */
const bodyStyleList = storyblokField(z.preprocess(listOf, TextItemsSchema), { type: "options", values: BODY_STYLES });

const brandList = storyblokField(
  z.preprocess(
    listOf,
    z.array(z.unknown()).transform((items) => items.map((item) => String(item).trim()).filter((key): key is BrandKey => isBrandKey(key))),
  ),
  { type: "options", values: BRAND_KEYS },
);

/** An optional text of a fixed form (a slug, a path); anything else counts as unset. */
const textMatching = (pattern: RegExp) =>
  storyblokField(z.preprocess(blank, z.string().regex(pattern).optional()).catch(undefined), { type: "text" });

/** One brand (the editor's option); an unknown key counts as unset. */
const brandKey = storyblokField(z.preprocess(blank, z.string().refine(isBrandKey).optional()).catch(undefined), {
  type: "option",
  values: BRAND_KEYS,
});

/** Location slugs; the locations live in D1, not in the space, so editors type them comma-separated. */
const slugList = storyblokField(
  z.preprocess(
    listOf,
    z
      .array(z.unknown())
      .transform((items) =>
        items.map((item) => String(item).trim().toLowerCase()).filter((slug) => /^[a-z0-9][a-z0-9-]{0,99}$/.test(slug)),
      ),
  ),
  { type: "text" },
);

/** A carfinder query string ("brand=smart&fuel=electric"); a pasted "/carfinder?…" URL is accepted. */
const stockQuery = storyblokField(
  z.preprocess(
    (value) => {
      if (typeof value !== "string") return "";
      const trimmed = value.trim();
      return (trimmed.includes("?") ? trimmed.slice(trimmed.indexOf("?") + 1) : trimmed).replace(/^[?&]+|&+$/g, "");
    },
    z
      .string()
      .max(1_000)
      .regex(/^[\w\-.,=&%+]*$/, { message: "Suchparameter dürfen nur Buchstaben, Ziffern und = & , . - + % enthalten" }),
  ),
  { type: "text" },
);

/** A text the block cannot do without; missing, empty or non-text values report `message`. */
const requiredText = (message: string, max = 300) =>
  storyblokField(
    z.preprocess((value) => (typeof value === "string" ? value.trim() : ""), z.string().min(1, { message }).max(max)),
    {
      type: "text",
      required: true,
    },
  );

const headlineFields = { headline: optionalText, subline: optionalText, text: textOrRichText };
/** Header text with buttons under it (content variants). */
const textWithButtonsFields = { ...headlineFields, buttons: buttonList };
/** Header text, an image beside or behind it, and buttons (heroes, image teasers). */
const imageTeaserFields = { ...headlineFields, image: ImageAssetSchema, buttons: buttonList };

function block<const N extends string, S extends z.ZodRawShape>(name: N, shape: S) {
  return z.object({ component: z.literal(name), ...base, ...shape });
}

// ---- shared pieces ------------------------------------------------------------------------------

export const BUTTON_VARIANTS = ["primary", "secondary", "tertiary", "ghost"] as const;
export const BUTTON_SIZES = ["large", "medium", "small", "extra-small"] as const;
export const BUTTON_ICONS = ["none", "arrow", "phone", "mail", "calendar", "car", "download", "location"] as const;

/** Appointment widget options (spec section 3): make, location, product_category, product_category_hidden. */
const BookingSchema = storyblokField(
  z.preprocess(
    (value) => (typeof value === "object" && value !== null ? value : undefined),
    z
      .object({
        plugin: optionalText,
        make: optionalText,
        location: optionalText,
        product_category: optionalText,
        product_category_hidden: flag.optional(),
      })
      .optional(),
  ),
  // The appointment-booking provider's field plugin stores this object (ADR 0014).
  { type: "custom", plugin: "appointments" },
);

export const ButtonSchema = block("button", {
  label: requiredText("Beschriftung fehlt", 120),
  link: LinkValueSchema,
  variant: choice(BUTTON_VARIANTS, "primary"),
  size: choice(BUTTON_SIZES, "medium"),
  icon: choice(BUTTON_ICONS, "none"),
  icon_position: choice(["start", "end"], "end"),
  disabled: flag.default(false),
  /** Set when the editor chose the appointment-booking plugin for this button. */
  booking_plugin: flag.default(false),
  booking: BookingSchema,
});
export type ButtonBlock = z.output<typeof ButtonSchema>;

// ---- heroes -------------------------------------------------------------------------------------

export const HeroSchema = block("hero", { ...imageTeaserFields, variant: choice(["default", "compact", "dark"], "default") });
export type HeroBlock = z.output<typeof HeroSchema>;

export const HeroCarouselSchema = block("hero_carousel", {
  headline: optionalText,
  slides: blocks(["hero"]),
});
export type HeroCarouselBlock = z.output<typeof HeroCarouselSchema>;

export const HeroStockSchema = block("hero_stock", {
  ...imageTeaserFields,
  query: stockQuery,
  limit: count(3, 1, 6),
  link_label: optionalText,
});
export type HeroStockBlock = z.output<typeof HeroStockSchema>;

// ---- cards --------------------------------------------------------------------------------------

export const CardSchema = block("card", {
  headline: requiredText("Überschrift fehlt"),
  subline: optionalText,
  text: textOrRichText,
  image: ImageAssetSchema,
  link: LinkValueSchema,
  link_label: optionalText,
  buttons: buttonList,
});
export type CardBlock = z.output<typeof CardSchema>;

const cardGridShape = { ...headlineFields, cards: blocks(["card"]), buttons: buttonList };
export type CardGridComponent = (typeof CARD_GRID_COMPONENTS)[number];
export const CardGridSchemas = Object.fromEntries(CARD_GRID_COMPONENTS.map((name) => [name, block(name, cardGridShape)])) as {
  [N in CardGridComponent]: ReturnType<typeof block<N, typeof cardGridShape>>;
};
export type CardGridBlock = z.output<(typeof CardGridSchemas)[CardGridComponent]>;

// ---- content variants ---------------------------------------------------------------------------

export const RichTextBlockSchema = block("rich_text", { headline: optionalText, text: richTextOnly });
export type RichTextBlock = z.output<typeof RichTextBlockSchema>;

export const ContentCenteredSchema = block("content_centered", textWithButtonsFields);
export type ContentCenteredBlock = z.output<typeof ContentCenteredSchema>;

export const ContentDisclaimerSchema = block("content_disclaimer", { headline: optionalText, text: textOrRichText });
export type ContentDisclaimerBlock = z.output<typeof ContentDisclaimerSchema>;

const employeeList = blocks(["employee"]);

export const ContentEmployeesSchema = block("content_employees", { ...headlineFields, employees: employeeList });
export type ContentEmployeesBlock = z.output<typeof ContentEmployeesSchema>;

export const ContentImageSchema = block("content_image", {
  headline: optionalText,
  image: storyblokField(
    ImageAssetSchema.refine((image) => image !== undefined, { message: "Bild fehlt" }),
    { type: "asset", required: true },
  ),
  caption: optionalText,
  size: choice(["content", "wide", "full"], "content"),
});
export type ContentImageBlock = z.output<typeof ContentImageSchema>;

export const ContentImageColumnsSchema = block("content_image_columns", {
  ...imageTeaserFields,
  image_position: choice(["left", "right"], "left"),
});
export type ContentImageColumnsBlock = z.output<typeof ContentImageColumnsSchema>;

export const ContentFramedSchema = block("content_framed", { ...textWithButtonsFields, tone: choice(["light", "accent"], "light") });
export type ContentFramedBlock = z.output<typeof ContentFramedSchema>;

const columnList = blocks(COLUMN_COMPONENTS);
export const ContentTwoColumnSchema = block("content_two_column", { headline: optionalText, left: columnList, right: columnList });
export type ContentTwoColumnBlock = z.output<typeof ContentTwoColumnSchema>;

export const ContentStartAppSchema = block("content_start_app", { ...imageTeaserFields, app_store_url: urlText, play_store_url: urlText });
export type ContentStartAppBlock = z.output<typeof ContentStartAppSchema>;

// ---- embeds -------------------------------------------------------------------------------------

export const EmbedChatSchema = block("embed_chat", { ...headlineFields, phone: optionalText, email: optionalText });
export type EmbedChatBlock = z.output<typeof EmbedChatSchema>;

export const EmbedInstantAppointmentGridSchema = block("embed_instant_appointment_grid", {
  ...headlineFields,
  make: optionalText,
  location: optionalText,
  product_category: optionalText,
  product_category_hidden: flag.default(false),
});
export type EmbedInstantAppointmentGridBlock = z.output<typeof EmbedInstantAppointmentGridSchema>;

export const EmbedRecruitmentWidgetSchema = block("embed_recruitment_widget", {
  ...headlineFields,
  company_id: optionalText,
  link: LinkValueSchema,
});
export type EmbedRecruitmentWidgetBlock = z.output<typeof EmbedRecruitmentWidgetSchema>;

export const EmbedVideoSchema = block("embed_video", {
  headline: optionalText,
  title: optionalText,
  url: storyblokField(
    z.preprocess(
      (value) => (typeof value === "string" ? value.trim() : value),
      z.string().refine((url) => videoEmbed(url) !== null, { message: "Video-URL muss von YouTube oder Vimeo stammen" }),
    ),
    { type: "text", required: true },
  ),
  caption: optionalText,
  preview_image: ImageAssetSchema,
});
export type EmbedVideoBlock = z.output<typeof EmbedVideoSchema>;

/**
 * Form node (spec section 3), the type of domain/form-validation/form-node.ts: `input` fields, `group`s of fields, repeatable `list`s.
 * In Storyblok the nodes, options and option groups are bloks of their own (`form_field`, `form_option`,
 * `form_option_group`; FIELD_ITEM_COMPONENTS): these object schemas strip the bloks' `component` and `_uid`.
 */
const FormOptionSchema: z.ZodType<FormOption> = z.object({
  label: storyblokField(z.string().trim().min(1).max(200), { type: "text", required: true }),
  value: storyblokField(z.union([z.string(), z.number()]).transform(String), { type: "text", required: true }),
});
const FormOptionGroupSchema = z.object({
  group: storyblokField(z.string().trim().min(1).max(200), { type: "text", required: true }),
  options: storyblokField(z.array(FormOptionSchema).max(200), { type: "bloks", allow: ["form_option"], children: "items" }),
});
const FormOptionsSchema = z.array(z.union([FormOptionSchema, FormOptionGroupSchema])).max(200);
const RULE_NAME = /^[a-zA-Z][a-zA-Z0-9_]+$/;
const NO_RULE_MAP = "Storyblok has no key-value field; set it through the Management API or use the built-in messages";
const FormNodeSchema: z.ZodType<FormNode> = z.lazy(() =>
  z.object({
    name: storyblokField(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z][\w-]{0,63}$/, { message: "Feldname ungültig" }),
      { type: "text", required: true },
    ),
    type: choice(FORM_NODE_TYPES, "input"),
    input: choice(FORM_INPUT_TYPES, "text"),
    label: optionalText,
    help: optionalText,
    value: storyblokField(
      z.preprocess(
        (value) => (typeof value === "number" ? String(value) : blank(value)),
        z.union([z.string().max(1_000), z.boolean(), z.array(z.string().max(1_000)).max(200)]).optional(),
      ),
      { type: "text" },
    ),
    validation: storyblokField(z.preprocess(blank, z.string().max(500).optional()), { type: "text" }),
    validationLabel: optionalText,
    validationMessages: storyblokField(z.record(z.string().regex(RULE_NAME), z.string().trim().min(1).max(300)).optional(), {
      type: "not-editable",
      reason: NO_RULE_MAP,
    }),
    validationRules: storyblokField(
      z.record(z.string().regex(RULE_NAME, { message: "Regelname ungültig" }), z.string().max(500)).optional(),
      { type: "not-editable", reason: NO_RULE_MAP },
    ),
    options: storyblokField(FormOptionsSchema.optional(), {
      type: "bloks",
      allow: ["form_option", "form_option_group"],
      children: "items",
    }),
    locale: optionalText,
    // Storyblok's number field sends text; a broken delay falls back to FormKit's default.
    delay: storyblokField(
      z
        .preprocess(
          (value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : blank(value)),
          z.number().int().min(0).max(5_000).optional(),
        )
        .catch(undefined),
      { type: "number", min: 0, max: 5_000 },
    ),
    children: storyblokField(z.array(FormNodeSchema).max(50).optional(), { type: "bloks", allow: ["form_field"], children: "items" }),
  }),
);

/**
 * The form's `fields` never make the block invalid: a definition that does not parse or cannot work
 * (domain/form-validation/form-definition.ts) becomes `fields: []` with `fields_problems`, and the
 * block shows "Es ist etwas schiefgelaufen...", with the problems in the preview.
 */
const FormFieldsSchema = z
  .array(FormNodeSchema)
  .max(50)
  .superRefine((nodes, context) => {
    for (const message of formDefinitionProblems(nodes)) context.addIssue({ code: "custom", message });
  });

export const EmbedFormSchema = block("embed_form", {
  ...headlineFields,
  form_id: storyblokField(
    z.preprocess(
      (value) => (typeof value === "number" ? String(value) : value),
      z
        .string()
        .trim()
        .regex(/^[\w-]{1,64}$/, { message: "Formular-ID fehlt oder ist ungültig" }),
    ),
    { type: "text", required: true },
  ),
  fields: storyblokField(z.unknown().optional(), { type: "bloks", allow: ["form_field"], children: "items" }),
  submit_label: optionalText,
  locale: optionalText,
}).transform(({ fields, ...form }) => {
  const parsed = FormFieldsSchema.safeParse(fields ?? []);
  if (parsed.success) return { ...form, fields: parsed.data, fields_problems: [] };
  const problems = parsed.error.issues.map((issue) =>
    issue.path.length > 0 ? `fields.${issue.path.map(String).join(".")}: ${issue.message}` : issue.message,
  );
  return { ...form, fields: [] as FormNode[], fields_problems: [...new Set(problems)].slice(0, 5) };
});
export type EmbedFormBlock = z.output<typeof EmbedFormSchema>;

export const EmbedIframeSchema = block("embed_iframe", {
  headline: optionalText,
  url: storyblokField(
    z.preprocess(
      (value) => (typeof value === "string" ? value.trim() : value),
      z
        .string()
        .refine((url) => iframeSource(url) !== null, { message: "iframe-Adresse ist nicht freigegeben (nur https und erlaubte Anbieter)" }),
    ),
    { type: "text", required: true },
  ),
  title: requiredText("Titel des iframes fehlt (Barrierefreiheit)", 200),
  height: count(480, 120, 2_000),
});
export type EmbedIframeBlock = z.output<typeof EmbedIframeSchema>;

// ---- people and places --------------------------------------------------------------------------

export const EmployeeSchema = block("employee", {
  name: requiredText("Name fehlt", 200),
  job_title: optionalText,
  department: optionalText,
  location: optionalText,
  phone: storyblokField(
    z.preprocess(
      (value) => (typeof value === "string" ? blank(value.trim()) : blank(value)),
      z
        .string()
        .regex(/^\+?[\d\s()/-]{3,30}$/, { message: "Telefonnummer ungültig" })
        .optional(),
    ),
    { type: "text" },
  ),
  email: storyblokField(
    z.preprocess(
      (value) => (typeof value === "string" ? blank(value.trim()) : blank(value)),
      z.email({ message: "E-Mail-Adresse ungültig" }).optional(),
    ),
    { type: "text" },
  ),
  image: ImageAssetSchema,
});
export type EmployeeBlock = z.output<typeof EmployeeSchema>;

/**
 * Which people an employee block shows when the editor picks none (`employees` empty): the
 * directory's data (D1), narrowed to a center, a department and/or a brand. Unknown values are
 * dropped, not fatal: the block then shows more people, never a broken page.
 */
const employeePresetFields = {
  location: storyblokField(
    z
      .preprocess(
        blank,
        z
          .string()
          .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
          .max(80)
          .optional(),
      )
      .catch(undefined),
    { type: "text" },
  ),
  department: storyblokField(z.preprocess(blank, z.string().refine(isDepartmentKey).optional()).catch(undefined), {
    type: "option",
    values: DEPARTMENT_KEYS,
  }),
  brand: brandKey,
};

export const EmployeeGridSchema = block("employee_grid", {
  ...headlineFields,
  employees: employeeList,
  ...employeePresetFields,
  limit: count(8, 1, 48),
});
export type EmployeeGridBlock = z.output<typeof EmployeeGridSchema>;

export const EmployeeOverviewSchema = block("employee_overview", { ...headlineFields, employees: employeeList, ...employeePresetFields });
export type EmployeeOverviewBlock = z.output<typeof EmployeeOverviewSchema>;

export const LocationGridSchema = block("location_grid", { ...headlineFields, locations: slugList, brand: brandKey });
export type LocationGridBlock = z.output<typeof LocationGridSchema>;

export const LocationOverviewSchema = block("location_overview", { ...headlineFields, locations: slugList });
export type LocationOverviewBlock = z.output<typeof LocationOverviewSchema>;

/** One center with its contact channels and hours (spec stock block "location detail"). */
export const StockLocationDetailSchema = block("stock_location_detail", {
  ...headlineFields,
  location: textMatching(/^[a-z0-9]+(?:-[a-z0-9]+){0,10}$/),
});
export type StockLocationDetailBlock = z.output<typeof StockLocationDetailSchema>;

// ---- lease and stock ----------------------------------------------------------------------------

const stockListShape = { ...headlineFields, query: stockQuery, link_label: optionalText };

export const LeaseOverviewSchema = block("lease_overview", { ...stockListShape, limit: count(6, 1, 24) });
export type LeaseOverviewBlock = z.output<typeof LeaseOverviewSchema>;

export const StockOverviewSchema = block("stock_overview", { ...stockListShape, limit: count(12, 1, 24) });
export type StockOverviewBlock = z.output<typeof StockOverviewSchema>;

export const StockPreviewSchema = block("stock_preview", { ...stockListShape, limit: count(4, 1, 12) });
export type StockPreviewBlock = z.output<typeof StockPreviewSchema>;

export const StockQuickEntrySchema = block("stock_quick_entry", { ...headlineFields, body_styles: bodyStyleList, brand: brandKey });
export type StockQuickEntryBlock = z.output<typeof StockQuickEntrySchema>;

/** Trade-in form with the licence-plate block (spec: stock blocks "trade-in", "license plate"). */
export const StockTradeInSchema = block("stock_trade_in", { ...headlineFields });
export type StockTradeInBlock = z.output<typeof StockTradeInSchema>;

/** A licence-plate entry that opens the trade-in form with the plate filled in (`target`: the page with stock_trade_in). */
export const StockLicensePlateSchema = block("stock_license_plate", {
  ...headlineFields,
  target: textMatching(/^\/[a-z0-9/-]{0,200}$/),
});
export type StockLicensePlateBlock = z.output<typeof StockLicensePlateSchema>;

/**
 * One vehicle of the stock, named by its number or pasted as its URL
 * ("/carfinder/100001-1-mercedes-benz-a-180-progressive"); anything else is "not set".
 */
export function vehicleReference(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isInteger(value) && value > 0 ? value : undefined;
  if (typeof value !== "string") return undefined;
  const match = /(?:^|\/)(\d{1,12})(?:-1-[a-z0-9-]*)?\/?(?:[?#].*)?$/.exec(value.trim());
  const id = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
const vehicleField = storyblokField(z.preprocess(vehicleReference, z.number().int().positive().optional()), { type: "text" });

/** Stock blocks of one vehicle (spec: "media gallery", "photo spinner", "lease detail"). */
export const StockMediaGallerySchema = block("stock_media_gallery", { ...headlineFields, vehicle: vehicleField });
export type StockMediaGalleryBlock = z.output<typeof StockMediaGallerySchema>;

export const StockPhotoSpinnerSchema = block("stock_photo_spinner", { ...headlineFields, vehicle: vehicleField });
export type StockPhotoSpinnerBlock = z.output<typeof StockPhotoSpinnerSchema>;

export const StockLeaseDetailSchema = block("stock_lease_detail", {
  ...headlineFields,
  vehicle: vehicleField,
  lease_type: storyblokField(z.enum(["private_lease", "business_lease"]).catch("private_lease"), {
    type: "option",
    values: ["private_lease", "business_lease"],
    default: "private_lease",
  }),
});
export type StockLeaseDetailBlock = z.output<typeof StockLeaseDetailSchema>;

/** The carfinder's results for a search (spec: stock block "results"): the count, the cards, the way on. */
export const StockResultsSchema = block("stock_results", { ...stockListShape, limit: count(12, 1, 24) });
export type StockResultsBlock = z.output<typeof StockResultsSchema>;

/** The workshop appointment request form. */
export const WorkshopAppointmentSchema = block("workshop_appointment", { ...headlineFields });
export type WorkshopAppointmentBlock = z.output<typeof WorkshopAppointmentSchema>;

export const StockQuickSearchSchema = block("stock_quick_search", {
  headline: optionalText,
  variant: choice(["default", "car-company", "financial"], "default"),
  brand: brandKey,
});
export type StockQuickSearchBlock = z.output<typeof StockQuickSearchSchema>;

// ---- brands -------------------------------------------------------------------------------------

export const BrandLogosSchema = block("brand_logos", { headline: optionalText, brands: brandList });
export type BrandLogosBlock = z.output<typeof BrandLogosSchema>;

export const BrandOverviewSchema = block("brand_overview", { ...headlineFields, brands: brandList });
export type BrandOverviewBlock = z.output<typeof BrandOverviewSchema>;

// ---- articles -----------------------------------------------------------------------------------

const folder = storyblokField(
  z.preprocess(
    (value) => (typeof value === "string" ? blank(value.trim()) : blank(value)),
    z
      .string()
      .regex(/^\/?[a-z0-9][a-z0-9/_-]{0,200}$/, { message: "Ordner ungültig" })
      .optional(),
  ),
  { type: "text" },
);
const tag = storyblokField(
  z.preprocess((value) => (typeof value === "string" ? blank(value.trim()) : blank(value)), z.string().max(100).optional()),
  { type: "text" },
);

export const ArticleLatestSchema = block("article_latest", {
  headline: optionalText,
  folder,
  tag,
  count: count(3, 1, 12),
  link: LinkValueSchema,
  link_label: optionalText,
});
export type ArticleLatestBlock = z.output<typeof ArticleLatestSchema>;

export const ArticleOverviewSchema = block("article_overview", { ...headlineFields, folder, tag, per_page: count(12, 1, 50) });
export type ArticleOverviewBlock = z.output<typeof ArticleOverviewSchema>;

// ---- images -------------------------------------------------------------------------------------

const imageListShape = { headline: optionalText, images: imageList };
export const ImageGallerySchema = block("image_gallery", imageListShape);
export type ImageGalleryBlock = z.output<typeof ImageGallerySchema>;
export const ImageGridSchema = block("image_grid", { ...imageListShape, columns: count(3, 2, 4) });
export type ImageGridBlock = z.output<typeof ImageGridSchema>;
export const ImageSliderSchema = block("image_slider", imageListShape);
export type ImageSliderBlock = z.output<typeof ImageSliderSchema>;

// ---- reviews, partner brand ---------------------------------------------------------------------

export const REVIEW_PROVIDERS = [
  "google",
  "facebook",
  "ekomi",
  "proven_expert",
  "trustpilot",
  "autoscout24",
  "mobile_de",
  "other",
] as const;
/** One quoted review; in Storyblok a `review` blok (its `component` and `_uid` are stripped here). */
const ReviewSchema = z.object({
  author: optionalText,
  rating: storyblokField(z.preprocess((value) => (typeof value === "string" ? Number(value) : value), z.number().min(0).max(5)).catch(5), {
    type: "number",
    min: 0,
    max: 5,
    decimals: 1,
    default: 5,
  }),
  text: optionalText,
  date: optionalText,
});
export const ReviewWidgetSchema = block("review_widget", {
  headline: optionalText,
  provider: choice(REVIEW_PROVIDERS, "other"),
  rating: storyblokField(
    z.preprocess(
      (value) => (typeof value === "string" ? Number(value.replace(",", ".")) : value),
      z.number({ message: "Bewertung fehlt" }).min(0).max(5),
    ),
    { type: "number", min: 0, max: 5, decimals: 1, required: true },
  ),
  count: count(0, 0, 10_000_000),
  link: LinkValueSchema,
  reviews: storyblokField(z.preprocess(toList, z.array(ReviewSchema).max(20)), { type: "bloks", allow: ["review"], children: "items" }),
});
export type ReviewWidgetBlock = z.output<typeof ReviewWidgetSchema>;

/**
 * Plain attributes only: no event handlers, no style, no src/href (nothing that loads or runs).
 * In Storyblok a `partner_attribute` blok.
 */
const PartnerAttributeSchema = z.object({
  name: storyblokField(
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z][a-z0-9-]{0,49}$/, { message: "Attributname ungültig" })
      .refine(
        (name) => !name.startsWith("on") && !["style", "src", "href", "srcdoc", "action", "formaction", "is", "slot"].includes(name),
        {
          message: "Attribut nicht erlaubt",
        },
      ),
    { type: "text", required: true },
  ),
  value: storyblokField(
    z.preprocess((value) => (typeof value === "number" || typeof value === "boolean" ? String(value) : (value ?? "")), z.string().max(500)),
    { type: "text" },
  ),
});
export const PartnerBrandComponentSchema = block("partner_brand_component", {
  headline: optionalText,
  tag: storyblokField(
    requiredText("Web-Component fehlt", 100).refine((tag) => isOneOf(ALLOWED_PARTNER_TAGS, tag), {
      message: "Web-Component ist nicht freigegeben",
    }),
    { type: "option", values: ALLOWED_PARTNER_TAGS, required: true },
  ),
  attributes: storyblokField(z.preprocess(toList, z.array(PartnerAttributeSchema).max(30)), {
    type: "bloks",
    allow: ["partner_attribute"],
    children: "items",
  }),
  fallback_text: optionalText,
  link: LinkValueSchema,
});
export type PartnerBrandComponentBlock = z.output<typeof PartnerBrandComponentSchema>;

// ---- roots --------------------------------------------------------------------------------------

/** The SEO fields of a story (the `seo` plugin's object or the plain fields) and its robots flag. */
const seoFields = {
  // Storyblok's SEO app stores this object; seo_title/seo_description serve spaces without the app.
  seo: storyblokField(
    z.preprocess(
      (value) => (typeof value === "object" && value !== null ? value : undefined),
      z.looseObject({ title: optionalText, description: optionalText }).optional(),
    ),
    { type: "custom", plugin: "seo_metatags" },
  ),
  seo_title: optionalText,
  seo_description: optionalText,
  noindex: flag.default(false),
};

export const PageSchema = z.object({
  component: z.literal("page"),
  ...base,
  body: blocks(SECTION_COMPONENTS),
  ...seoFields,
});
export type PageBlock = z.output<typeof PageSchema>;

export const ArticleSchema = z.object({
  component: z.literal("article"),
  ...base,
  title: requiredText("Titel fehlt"),
  teaser: optionalText,
  image: ImageAssetSchema,
  /** Storyblok datetime "YYYY-MM-DD HH:mm" (UTC). */
  date: storyblokField(
    z
      .preprocess(
        (value) => (typeof value === "string" ? blank(value.trim()) : blank(value)),
        z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z?)?$/, { message: "Datum ungültig" })
          .optional(),
      )
      .catch(undefined),
    { type: "datetime" },
  ),
  author: optionalText,
  body: richTextOnly,
  tags: textList,
  ...seoFields,
});
export type ArticleBlock = z.output<typeof ArticleSchema>;

// ---- the registry of schemas --------------------------------------------------------------------

export const BLOCK_SCHEMAS = {
  hero: HeroSchema,
  hero_carousel: HeroCarouselSchema,
  hero_stock: HeroStockSchema,
  ...CardGridSchemas,
  card: CardSchema,
  rich_text: RichTextBlockSchema,
  content_centered: ContentCenteredSchema,
  content_disclaimer: ContentDisclaimerSchema,
  content_employees: ContentEmployeesSchema,
  content_image: ContentImageSchema,
  content_image_columns: ContentImageColumnsSchema,
  content_framed: ContentFramedSchema,
  content_two_column: ContentTwoColumnSchema,
  content_start_app: ContentStartAppSchema,
  embed_chat: EmbedChatSchema,
  embed_instant_appointment_grid: EmbedInstantAppointmentGridSchema,
  embed_recruitment_widget: EmbedRecruitmentWidgetSchema,
  embed_video: EmbedVideoSchema,
  embed_form: EmbedFormSchema,
  embed_iframe: EmbedIframeSchema,
  employee: EmployeeSchema,
  employee_grid: EmployeeGridSchema,
  employee_overview: EmployeeOverviewSchema,
  location_grid: LocationGridSchema,
  location_overview: LocationOverviewSchema,
  lease_overview: LeaseOverviewSchema,
  stock_overview: StockOverviewSchema,
  stock_preview: StockPreviewSchema,
  stock_quick_entry: StockQuickEntrySchema,
  stock_quick_search: StockQuickSearchSchema,
  stock_trade_in: StockTradeInSchema,
  stock_license_plate: StockLicensePlateSchema,
  stock_media_gallery: StockMediaGallerySchema,
  stock_photo_spinner: StockPhotoSpinnerSchema,
  stock_lease_detail: StockLeaseDetailSchema,
  stock_results: StockResultsSchema,
  stock_location_detail: StockLocationDetailSchema,
  workshop_appointment: WorkshopAppointmentSchema,
  brand_logos: BrandLogosSchema,
  brand_overview: BrandOverviewSchema,
  article_latest: ArticleLatestSchema,
  article_overview: ArticleOverviewSchema,
  image_gallery: ImageGallerySchema,
  image_grid: ImageGridSchema,
  image_slider: ImageSliderSchema,
  review_widget: ReviewWidgetSchema,
  partner_brand_component: PartnerBrandComponentSchema,
  button: ButtonSchema,
} satisfies Record<BlockComponent, z.ZodType>;

export const ROOT_SCHEMAS = { page: PageSchema, article: ArticleSchema } as const;

/** The schemas of FIELD_ITEM_COMPONENTS: what one entry of those bloks fields must be. */
export const FIELD_ITEM_SCHEMAS = {
  form_field: FormNodeSchema,
  form_option: FormOptionSchema,
  form_option_group: FormOptionGroupSchema,
  review: ReviewSchema,
  partner_attribute: PartnerAttributeSchema,
} satisfies Record<FieldItemComponent, z.ZodType>;

/** The object shape inside a schema, through preprocess/pipe/transform, optional and lazy wrappers. */
export function objectShape(schema: z.core.$ZodType): Record<string, z.core.$ZodType> | null {
  const def = schema._zod.def as {
    type: string;
    shape?: Record<string, z.core.$ZodType>;
    in?: z.core.$ZodType;
    out?: z.core.$ZodType;
    innerType?: z.core.$ZodType;
    getter?: () => z.core.$ZodType;
  };
  if (def.type === "object" && def.shape) return def.shape;
  if (def.type === "lazy" && def.getter) return objectShape(def.getter());
  for (const inner of [def.out, def.in, def.innerType]) {
    const shape = inner ? objectShape(inner) : null;
    if (shape) return shape;
  }
  return null;
}

const isBlockList = (field: z.core.$ZodType) => {
  const meta = storyblokFields.get(field);
  return meta?.type === "bloks" && meta.children === "blocks";
};

/**
 * Fields that hold lists of nested blocks, per component (validated child by child), derived from
 * the schemas: every field made with `blocks(…)`. A list field added to a schema is validated
 * without anyone remembering to name it here (a forgotten name would send unvalidated blocks on).
 */
export const BLOCK_LIST_FIELDS: Partial<Record<BlockComponent | "page" | "article", readonly string[]>> = Object.fromEntries(
  Object.entries({ ...ROOT_SCHEMAS, ...BLOCK_SCHEMAS })
    .map(
      ([name, schema]) =>
        [
          name,
          Object.entries(objectShape(schema) ?? {})
            .filter(([, field]) => isBlockList(field))
            .map(([field]) => field),
        ] as const,
    )
    .filter(([, fields]) => fields.length > 0),
);

/** The schema of a component name, or undefined for a name the site does not render. */
export function schemaOf(component: string): z.ZodType | undefined {
  if (component === "page" || component === "article") return ROOT_SCHEMAS[component];
  return isOneOf(BLOCK_COMPONENTS, component) ? BLOCK_SCHEMAS[component] : undefined;
}
