import { modelLeadRoute } from "./model-lead-route.tsx";

export { leadPageAction as action, skipRevalidationAfterLead as shouldRevalidate } from "./lead-page.ts";
export const { loader, Component } = modelLeadRoute("testDrive");
