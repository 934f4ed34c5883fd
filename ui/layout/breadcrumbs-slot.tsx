import { idleSection } from "#ui/idle-section.tsx";

/**
 * The breadcrumbs, server-rendered and hydrated at the first idle period (ui/idle-section.tsx):
 * plain links, so nothing waits for their code, and every app page's first load leaves out the
 * labels and patterns (domain/breadcrumbs.ts).
 */
export const BreadcrumbsSlot = idleSection("breadcrumbs", () => import("./breadcrumbs.tsx").then((module) => module.Breadcrumbs));
