import type { ActionFunctionArgs, ShouldRevalidateFunctionArgs } from "react-router";

/**
 * What every page with a lead form exports (ADR 0013): `export { leadPageAction as action,
 * skipRevalidationAfterLead as shouldRevalidate } from "./lead-page.ts"`.
 */

/** The shared lead action; its code (and zod) loads with the first submit, not with the page (ADR 0006). */
export async function leadPageAction(args: ActionFunctionArgs) {
  const { leadAction } = await import("./lead-action.ts");
  return leadAction(args);
}

/**
 * A lead form's submit changes no data a page shows: its loaders need not run again (the vehicle,
 * the story and the locations stay as they are). Navigations revalidate as usual.
 */
export function skipRevalidationAfterLead({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return formMethod?.toUpperCase() === "POST" ? false : defaultShouldRevalidate;
}
