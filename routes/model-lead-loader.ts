import type { LoaderFunctionArgs } from "react-router";

/** The model's test-drive and contact pages: the model line and the centers to choose from. */
export async function modelLeadPageLoader(args: LoaderFunctionArgs) {
  // Param schemas (zod) load with the loader, not with the page (ADR 0006).
  const [{ loadModelRoute }, { loadLeadLocations }] = await Promise.all([import("./model-loader.ts"), import("./lead-locations.ts")]);
  return { ...loadModelRoute(args), ...(await loadLeadLocations(args)) };
}
