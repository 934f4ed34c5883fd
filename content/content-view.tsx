import type { ContentPage } from "./content-page-schema.ts";
import type { BlockData } from "./block-data.ts";
import { BlockRenderer } from "./block-registry.tsx";
import { useLiveStoryContent } from "./storyblok-bridge.ts";

/**
 * An editorial page: the page title as the one h1, then the story's blocks. In the
 * visual editor's preview the bridge replaces the content as the editor types.
 */
export function ContentView({ page, blockData }: { page: ContentPage; blockData: BlockData }) {
  const content = useLiveStoryContent(page.content, { preview: page.preview, storyId: page.storyId });
  return (
    <article className={`page content-page content-page--${page.kind}`}>
      {page.preview ? <p className="content-page__preview-note">Vorschau: unveröffentlichte Inhalte</p> : null}
      <h1>{page.title}</h1>
      <BlockRenderer blocks={[content]} context={{ data: blockData, preview: page.preview }} />
    </article>
  );
}
