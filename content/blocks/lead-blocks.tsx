import { useSearchParams } from "react-router";
import type { StockTradeInBlock, WorkshopAppointmentBlock } from "../block-schemas.ts";
import { TradeInForm, WorkshopAppointmentForm } from "#ui/leads/lead-forms.tsx";
import { LocationsNotice } from "#ui/leads/locations-notice.tsx";
import type { BlockProps } from "./block-props.ts";
import { BlockText } from "./block-parts.tsx";
import { PLATE_PARAM } from "./license-plate-block.tsx";

/**
 * The site's own lead forms as blocks editors place (spec section 2 stock blocks
 * "trade-in", "license plate"): they post to the page they are on (the content route's action).
 */

/** Subline and text above a form; the form's own heading carries the headline. */
function BlockIntro({
  block,
  level,
  render,
}: Pick<BlockProps<StockTradeInBlock | WorkshopAppointmentBlock>, "block" | "level" | "render">) {
  return (
    <>
      {block.subline ? <p className="lead-block__subline">{block.subline}</p> : null}
      <BlockText text={block.text} level={level} render={render} />
    </>
  );
}

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
  const locations =
    entry?.kind === "locations"
      ? entry.locations.filter(
          (location) => location.openingHours?.workshop === undefined || Object.keys(location.openingHours.workshop).length > 0,
        )
      : [];
  return (
    <div className="block lead-block">
      <BlockIntro block={block} level={level} render={render} />
      {entry?.kind === "error" ? <LocationsNotice /> : null}
      <WorkshopAppointmentForm title={block.headline ?? "Werkstatttermin anfragen"} locations={locations} />
    </div>
  );
}
