import { createContext, lazy, Suspense, useContext, type ComponentType } from "react";
import type { EmbedFormBlock, StockTradeInBlock, WorkshopAppointmentBlock } from "../block-schemas.ts";
import type { BlockProps } from "./block-props.ts";

/** The form blocks, each its own chunk in the browser. */
export interface FormBlockViews {
  StockTradeInView: ComponentType<BlockProps<StockTradeInBlock>>;
  WorkshopAppointmentView: ComponentType<BlockProps<WorkshopAppointmentBlock>>;
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
  EmbedFormView: lazy(async () => ({ default: (await import("./form-block.tsx")).EmbedFormView })),
};

/** A block view that renders the server's component in place, or the browser's lazy chunk. */
function formBlockView<P extends object>(pick: (views: FormBlockViews) => ComponentType<P>): ComponentType<P> {
  return function FormBlockView(props: P) {
    const View = pick(useContext(ServerFormBlockViewsContext) ?? LAZY_VIEWS);
    return (
      <Suspense fallback={null}>
        <View {...props} />
      </Suspense>
    );
  };
}

export const StockTradeInView = formBlockView((views) => views.StockTradeInView);
export const WorkshopAppointmentView = formBlockView((views) => views.WorkshopAppointmentView);
export const EmbedFormView = formBlockView((views) => views.EmbedFormView);
