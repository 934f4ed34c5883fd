import { data, redirect, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { ContentSlugSchema } from "#domain/route-params.ts";
import { PageHead } from "#ui/page-head.tsx";
import { portsContext } from "./ports.ts";
import { pageNotFound } from "./route-errors.ts";

/**
 * The content catch-all /{slug…}. Before rendering editorial content it asks the server
 * route lookup (redirect rule 3): an absolute target is a full navigation, a path an
 * internal redirect; the lookup may also carry middleware settings for the page.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const slug = params["*"] ?? "";
  if (!ContentSlugSchema.safeParse(slug).success) pageNotFound(request);
  const ports = context.get(portsContext);
  const url = new URL(request.url);
  const lookup = await ports.routeLookup.lookup(url.pathname);
  if (lookup?.target) throw redirect(lookup.target, 301);
  const page = await ports.content.getPage(slug.toLowerCase());
  if (!page) pageNotFound(request);
  const noStore = lookup?.middleware?.noStore === true;
  return data(
    { page, noindex: lookup?.middleware?.noindex === true },
    noStore ? { headers: { "Cache-Control": "no-store" } } : undefined,
  );
}

export function Component() {
  const { page, noindex } = useLoaderData<typeof loader>();
  return (
    <article className="page content-page">
      <PageHead title={page.title} description={page.description} noindex={noindex} />
      <h1>{page.title}</h1>
      {/* Transitional: the block registry (issue 4) renders page.content. */}
      {paragraphsOf(page.content).map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </article>
  );
}

function paragraphsOf(root: Record<string, unknown>): string[] {
  const blocks = Array.isArray(root.body) ? (root.body as Array<{ text?: { content?: Array<{ content?: Array<{ text?: string }> }> } }>) : [];
  return blocks.flatMap((block) => block.text?.content?.map((node) => node.content?.map((leaf) => leaf.text ?? "").join("") ?? "") ?? []);
}
