import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { ContentView } from "#content/content-view.tsx";
import { PageHead } from "#ui/page-head.tsx";

/**
 * The content catch-all /{slug…}: any story of the space – page-builder pages and
 * journal articles. The loader asks the server route lookup first (redirect rule 3); blocks that
 * show live data (stock, locations, articles) get it from the loader.
 */
export async function loader(args: LoaderFunctionArgs) {
  // The loader module (param schemas, zod) loads with the loader, not with the page (ADR 0006).
  const { loadContentRoute } = await import("./content-loader.ts");
  return loadContentRoute(args, args.params["*"] ?? "");
}

// Lead-form blocks (trade-in, workshop appointment, editor forms) post to the page they are on.
export { leadPageAction as action, skipRevalidationAfterLead as shouldRevalidate } from "./lead-page.ts";

export function Component() {
  const { page, blockData, noindex } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHead title={page.seoTitle ?? page.title} description={page.description} noindex={noindex} />
      <ContentView page={page} blockData={blockData} />
    </>
  );
}
