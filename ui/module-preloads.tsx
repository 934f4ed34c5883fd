import { preloadModule } from "react-dom";

/**
 * Asks React to emit <link rel="modulepreload"> for the matched route chunks so the
 * browser fetches them in parallel with the entry instead of after it. Renders nothing,
 * so server and client trees stay identical.
 */
export function ModulePreloads({ hrefs, entry }: { hrefs: string[]; entry?: string }) {
  // The entry as React's bootstrapModules option announces it (the buffered render has no such option).
  if (entry) preloadModule(entry, { as: "script" });
  for (const href of hrefs) preloadModule(href, { as: "script" });
  return null;
}
