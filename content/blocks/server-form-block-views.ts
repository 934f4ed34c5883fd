import type { FormBlockViews } from "./lead-blocks-lazy.tsx";
import { StockTradeInView, WorkshopAppointmentView } from "./lead-blocks.tsx";
import { EmbedFormView } from "./form-block.tsx";

/**
 * The form blocks as the server renders them: imported statically, so they are in place in the
 * HTML on every render (ServerFormBlockViewsContext in lead-blocks-lazy.tsx). Worker and tests only;
 * the browser loads each as its own chunk.
 */
export const SERVER_FORM_BLOCK_VIEWS: FormBlockViews = { StockTradeInView, WorkshopAppointmentView, EmbedFormView };
