import { createElement } from "react";
import type { PartnerBrandComponentBlock } from "../block-schemas.ts";
import { resolveLink } from "../link-field.ts";
import type { BlockProps } from "./block-props.ts";
import { Heading } from "./block-parts.tsx";
import { ContentLink } from "./content-link.tsx";
import { ALLOWED_PARTNER_TAGS } from "./embed-sources.ts";
import { isOneOf } from "#domain/is-one-of.ts";

/** The partner brand web component block: an allow-listed custom element with a light-DOM fallback. */

/**
 * An allow-listed custom element with plain attributes (schema: no on*, style, src, href). Its
 * script is not loaded, so the light-DOM fallback (headline, text, link) is what shows today.
 */
export function PartnerBrandComponentView({ block, level }: BlockProps<PartnerBrandComponentBlock>) {
  if (!isOneOf(ALLOWED_PARTNER_TAGS, block.tag)) return null;
  const link = resolveLink(block.link);
  const attributes = Object.fromEntries(block.attributes.map((attribute) => [attribute.name, attribute.value]));
  return (
    <div className="block partner-brand">
      {createElement(
        block.tag,
        { ...attributes, className: "partner-brand__element" },
        <div className="partner-brand__fallback">
          {block.headline ? <Heading level={level}>{block.headline}</Heading> : null}
          {block.fallback_text ? <p>{block.fallback_text}</p> : null}
          {link ? <ContentLink link={link}>Mehr erfahren</ContentLink> : null}
        </div>,
      )}
    </div>
  );
}
