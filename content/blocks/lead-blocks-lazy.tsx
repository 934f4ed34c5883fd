import { createContext, lazy, Suspense, useContext, type ComponentType } from "react";
import type { EmbedFormBlock, StockLicensePlateBlock, StockTradeInBlock, WorkshopAppointmentBlock } from "../block-schemas.ts";
import type { BlockProps } from "./block-props.ts";

/** The form blocks, each its own chunk in the browser. */
export interface FormBlockViews {
  StockTradeInView: ComponentType<BlockProps<StockTradeInBlock>>;
  WorkshopAppointmentView: ComponentType<BlockProps<WorkshopAppointmentBlock>>;
  StockLicensePlateView: ComponentType<BlockProps<StockLicensePlateBlock>>;
  EmbedFormView: ComponentType<BlockProps<EmbedFormBlock>>;
}

/**
 * The lead-form blocks and the editor-defined form block load as their own chunks: few editorial
 * pages carry a form, and the forms (with the validation engine) are the biggest blocks.
 *
 * The worker provides the views themselves through this context, so the server HTML always holds
 * the form in place, on the first render of an isolate too (a lazy component would be streamed
 * later behind a script, and a visitor without JavaScript would get no form). In the browser React
 * keeps that HTML and hydrates it when the chunk arrives (Suspense); until then the form posts to
 * the page like without JavaScript. The consent layer works the same way (ADR 0010).
 */
export const ServerFormBlockViewsContext = createContext<FormBlockViews | null>(null);

const leadViews = () => import("./lead-blocks.tsx");
const LAZY_VIEWS: FormBlockViews = {
  StockTradeInView: lazy(async () => ({ default: (await leadViews()).StockTradeInView })),
  WorkshopAppointmentView: lazy(async () => ({ default: (await leadViews()).WorkshopAppointmentView })),
  StockLicensePlateView: lazy(async () => ({ default: (await leadViews()).StockLicensePlateView })),
  EmbedFormView: lazy(async () => ({ default: (await import("./form-block.tsx")).EmbedFormView })),
};

function useView<K extends keyof FormBlockViews>(name: K): FormBlockViews[K] {
  return (useContext(ServerFormBlockViewsContext) ?? LAZY_VIEWS)[name];
}

export function StockTradeInView(props: BlockProps<StockTradeInBlock>) {
  const View = useView("StockTradeInView");
  return (
    <Suspense fallback={null}>
      <View {...props} />
    </Suspense>
  );
}

export function WorkshopAppointmentView(props: BlockProps<WorkshopAppointmentBlock>) {
  const View = useView("WorkshopAppointmentView");
  return (
    <Suspense fallback={null}>
      <View {...props} />
    </Suspense>
  );
}

export function StockLicensePlateView(props: BlockProps<StockLicensePlateBlock>) {
  const View = useView("StockLicensePlateView");
  return (
    <Suspense fallback={null}>
      <View {...props} />
    </Suspense>
  );
}

export function EmbedFormView(props: BlockProps<EmbedFormBlock>) {
  const View = useView("EmbedFormView");
  return (
    <Suspense fallback={null}>
      <View {...props} />
    </Suspense>
  );
}
