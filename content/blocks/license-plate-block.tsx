import type { StockLicensePlateBlock } from "../block-schemas.ts";
import type { BlockProps } from "./block-props.ts";
import { SectionWithHeader } from "./block-parts.tsx";

/**
 * The licence-plate block (spec section 2 stock blocks "license plate"): a plain GET form that
 * opens the trade-in form (lead-blocks.tsx) with the plate filled in. No behaviour in the
 * browser, so it is not one of the lazy lead-form chunks: on home it pulled the whole lead-form
 * code (~9 KB gzip) into hydration.
 */

/** The query parameter the licence-plate block hands to the trade-in form. */
export const PLATE_PARAM = "kennzeichen";

/** "Was ist Ihr Fahrzeug wert?": a plate field that opens the trade-in form with the plate filled in (GET, works without JavaScript). */
export function StockLicensePlateView({ block, level, render }: BlockProps<StockLicensePlateBlock>) {
  const inputId = `${block._uid}-plate`;
  return (
    <SectionWithHeader
      block={block}
      fallback="Was ist Ihr Fahrzeug wert?"
      className="block license-plate-block"
      level={level}
      render={render}
    >
      <form method="get" action={block.target ?? "/ankauf"} className="license-plate-block__form">
        <label htmlFor={inputId}>Ihr Kennzeichen</label>
        <div className="lead-form__affixed license-plate">
          <span className="lead-form__prefix" aria-hidden="true">
            D
          </span>
          <input id={inputId} name={PLATE_PARAM} type="text" autoComplete="off" placeholder="HH-AB 1234" maxLength={12} />
        </div>
        <button type="submit" className="button button--primary button--medium">
          Fahrzeug bewerten
        </button>
      </form>
    </SectionWithHeader>
  );
}
