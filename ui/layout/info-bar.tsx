import { LayoutAnchor } from "./layout-link.tsx";
import type { InfoNotice } from "./page-layout.ts";

/**
 * The info bar's notices (holiday hours, recalls, an event), editor-owned and server-rendered:
 * the worker passes only the notices valid now (Europe/Berlin) that the visitor has not
 * dismissed, so nothing appears or disappears after the first paint. The close button works
 * once the page is interactive (it is invisible but keeps its place until then, so showing it
 * shifts nothing); its click is handled by ui/layout/notice-dismiss.ts, which the header island
 * installs on every page. Without JavaScript the notice simply stays.
 */
export function InfoBar({ notices }: { notices: readonly InfoNotice[] }) {
  if (notices.length === 0) return null;
  return (
    <aside className="info-bar" aria-label="Hinweise" data-info-bar="">
      {notices.map((notice) => (
        <div key={notice.key} className="info-bar__notice" data-notice={notice.key}>
          <div className="container info-bar__inner">
            <p className="info-bar__text">
              {notice.text}
              {notice.link ? (
                <>
                  {" "}
                  <LayoutAnchor link={notice.link} className="info-bar__link" />
                </>
              ) : null}
            </p>
            <button type="button" className="info-bar__close" data-notice-close="">
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">Hinweis schließen</span>
            </button>
          </div>
        </div>
      ))}
    </aside>
  );
}
