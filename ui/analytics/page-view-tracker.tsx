import { useEffect } from "react";
import { useLocation } from "react-router";
import { trackEvent } from "./analytics.ts";

/** vm_page_view on the first page and on every client navigation (path or query changed). */
export function PageViewTracker() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    trackEvent("page_view", { page_path: `${pathname}${search}` });
  }, [pathname, search]);
  return null;
}
