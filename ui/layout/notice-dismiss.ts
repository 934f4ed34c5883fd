import { noticeCookieAfterDismissing } from "./notice-cookie.ts";

/**
 * The info bar's close buttons (ui/layout/info-bar.tsx): one click listener on the document,
 * installed by the header island on every page (app and islands pages alike), so the layout
 * needs no state and no island of its own. A click hides the notice now and stores its key in
 * the `agn_notices` cookie; the worker leaves it out of the next page's HTML. Focus moves on to
 * the next notice's close button, or to the main content when none is left.
 */
export function installNoticeDismiss(): () => void {
  function dismiss(event: MouseEvent) {
    const target = event.target;
    const button = target instanceof Element ? target.closest("[data-notice-close]") : null;
    const notice = button?.closest<HTMLElement>("[data-notice]");
    if (!notice) return;
    const cookie = noticeCookieAfterDismissing(document.cookie, notice.dataset.notice ?? "", location.protocol === "https:");
    if (cookie) document.cookie = cookie;
    notice.hidden = true;
    const bar = notice.closest<HTMLElement>("[data-info-bar]");
    const remaining = [...(bar?.querySelectorAll<HTMLElement>("[data-notice]") ?? [])].find((other) => !other.hidden);
    const next = remaining?.querySelector<HTMLElement>("[data-notice-close]");
    if (bar && !next) bar.hidden = true;
    (next ?? document.getElementById("inhalt"))?.focus({ preventScroll: true });
  }
  document.addEventListener("click", dismiss);
  return () => document.removeEventListener("click", dismiss);
}
