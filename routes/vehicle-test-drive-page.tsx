import { vehicleLeadRoute } from "./vehicle-lead-route.tsx";

export { leadPageAction as action, skipRevalidationAfterLead as shouldRevalidate } from "./lead-page.ts";
export const { loader, Component } = vehicleLeadRoute("testDrive");
