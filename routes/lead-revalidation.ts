import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * A lead form's submit changes no data a page shows: its loaders need not run again (the vehicle,
 * the story and the locations stay as they are). Navigations revalidate as usual.
 */
export function skipRevalidationAfterLead({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return formMethod?.toUpperCase() === "POST" ? false : defaultShouldRevalidate;
}
