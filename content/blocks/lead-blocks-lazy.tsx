import { lazy, Suspense } from "react";
import type { StockLicensePlateBlock, StockTradeInBlock, WorkshopAppointmentBlock } from "../block-schemas.ts";
import type { BlockProps } from "./block-props.ts";

/**
 * The lead-form blocks load as their own chunk: few editorial pages carry a form, and the forms
 * are the biggest blocks. The server renders them in full; the browser hydrates them when the
 * chunk arrives (Suspense keeps the server HTML until then), as the carfinder toggles do.
 */
const views = () => import("./lead-blocks.tsx");
const TradeIn = lazy(async () => ({ default: (await views()).StockTradeInView }));
const Workshop = lazy(async () => ({ default: (await views()).WorkshopAppointmentView }));
const LicensePlate = lazy(async () => ({ default: (await views()).StockLicensePlateView }));

export function StockTradeInView(props: BlockProps<StockTradeInBlock>) {
  return (
    <Suspense fallback={null}>
      <TradeIn {...props} />
    </Suspense>
  );
}

export function WorkshopAppointmentView(props: BlockProps<WorkshopAppointmentBlock>) {
  return (
    <Suspense fallback={null}>
      <Workshop {...props} />
    </Suspense>
  );
}

export function StockLicensePlateView(props: BlockProps<StockLicensePlateBlock>) {
  return (
    <Suspense fallback={null}>
      <LicensePlate {...props} />
    </Suspense>
  );
}
