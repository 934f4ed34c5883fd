import { createContext, lazy, Suspense, useContext, type ComponentType } from "react";
import type { ErrorKind } from "#domain/error-catalogue.ts";

/**
 * The error page body, loaded in the browser only when an error page is shown: its copy is not
 * part of every page's first load (120 KB budget). The worker renders the panel itself
 * (worker/ssr/render-page.tsx provides it, as for the list toggles, ADR 0015); the Suspense
 * boundary stays on both sides, so on an error page the browser keeps the server's HTML until the
 * chunk is there and hydrates it then. On a client navigation to an error the panel appears once
 * its chunk has loaded (a few KB, usually already cached).
 */
export const ServerErrorPanelContext = createContext<ComponentType<{ kind: ErrorKind }> | null>(null);

const LazyErrorPanel = lazy(() => import("./error-panel.tsx").then((module) => ({ default: module.ErrorPanel })));

export function ErrorPanelSlot({ kind }: { kind: ErrorKind }) {
  const Panel = useContext(ServerErrorPanelContext) ?? LazyErrorPanel;
  return (
    <Suspense fallback={null}>
      <Panel kind={kind} />
    </Suspense>
  );
}
