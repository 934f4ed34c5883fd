import { DEMO_PAGES } from "#content/demo-pages.ts";
import type { DataPorts } from "#routes/ports.ts";

/** Embedded content source used while no Storyblok token is configured (issue 4 replaces it). */
export function demoContent(): DataPorts["content"] {
  return {
    async getPage(slug) {
      const page = Object.hasOwn(DEMO_PAGES, slug) ? DEMO_PAGES[slug] : undefined;
      return page ? { slug, ...page } : null;
    },
  };
}
