import { useSearchParams } from "react-router";
import type { StockLicensePlateBlock, StockTradeInBlock, WorkshopAppointmentBlock } from "../block-schemas.ts";
import { TradeInForm, WorkshopAppointmentForm } from "#ui/leads/lead-forms.tsx";
import { LocationsNotice } from "#ui/leads/locations-notice.tsx";
import type { BlockProps } from "./block-props.ts";
import { BlockHeader, BlockText, headingId } from "./block-parts.tsx";

/**
 * The site's own lead forms as blocks editors place (issue 8 item 2; spec section 2 stock blocks
 * "trade-in", "license plate"): they post to the page they are on (the content route's action).
 */

/** Subline and text above a form; the form's own heading carries the headline. */
function BlockIntro({ block, level, render }: Pick<BlockProps<StockTradeInBlock | WorkshopAppointmentBlock>, "block" | "level" | "render">) {
  return (
    <>
      {block.subline ? <p className="lead-block__subline">{block.subline}</p> : null}
      <BlockText text={block.text} level={level} render={render} />
    </>
  );
}

/** The query parameter the licence-plate block hands to the trade-in form. */
export const PLATE_PARAM = "kennzeichen";

export function StockTradeInView({ block, level, render }: BlockProps<StockTradeInBlock>) {
  const [searchParams] = useSearchParams();
  const plate = searchParams.get(PLATE_PARAM)?.slice(0, 12) ?? undefined;
  return (
    <div className="block lead-block">
      <BlockIntro block={block} level={level} render={render} />
      <TradeInForm title={block.headline ?? "Ihr Fahrzeug bewerten lassen"} licensePlate={plate} />
    </div>
  );
}

export function WorkshopAppointmentView({ block, context, level, render }: BlockProps<WorkshopAppointmentBlock>) {
  const entry = context.data[block._uid];
  const locations = entry?.kind === "locations" ? entry.locations.filter((location) => location.openingHours?.workshop === undefined || Object.keys(location.openingHours.workshop).length > 0) : [];
  return (
    <div className="block lead-block">
      <BlockIntro block={block} level={level} render={render} />
      {entry?.kind === "error" ? <LocationsNotice /> : null}
      <WorkshopAppointmentForm title={block.headline ?? "Werkstatttermin anfragen"} locations={locations} />
    </div>
  );
}

/** "Was ist Ihr Fahrzeug wert?": a plate field that opens the trade-in form with the plate filled in (GET, works without JavaScript). */
export function StockLicensePlateView({ block, level, render }: BlockProps<StockLicensePlateBlock>) {
  const titleId = headingId(block._uid);
  const inputId = `${block._uid}-plate`;
  return (
    <section className="block license-plate-block" aria-labelledby={titleId}>
      <BlockHeader headline={block.headline ?? "Was ist Ihr Fahrzeug wert?"} subline={block.subline} text={block.text} level={level} render={render} id={titleId} />
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
    </section>
  );
}
