import { DEMO_PAGES } from "#content/demo-pages.ts";
import type { DataPorts } from "#routes/ports.ts";

/**
 * Transitional embedded content (issue 4 replaces it with the ContentSource port and the KV demo
 * space): each demo page as a page story with rich-text blocks.
 */
export function demoContent(): DataPorts["content"] {
  return {
    async getPage(slug) {
      const page = Object.hasOwn(DEMO_PAGES, slug) ? DEMO_PAGES[slug] : undefined;
      if (!page) return null;
      const text = { type: "doc", content: page.body.map((paragraph) => ({ type: "paragraph", content: [{ type: "text", text: paragraph }] })) };
      return {
        slug,
        kind: "page",
        title: page.title,
        description: page.description,
        noindex: false,
        content: { component: "page", _uid: `page-${slug}`, body: [{ component: "rich_text", _uid: `text-${slug}`, text }] },
        publishedAt: null,
        preview: false,
      };
    },
    async listArticles({ page, perPage }) {
      return { articles: [], total: 0, page, perPage };
    },
  };
}
