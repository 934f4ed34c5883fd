import { useEffect, useRef, type ReactNode } from "react";
import { SiteLink } from "#ui/site-link.tsx";
import { germanNumber } from "#domain/german-number.ts";

/** The id of the in-page filter panel, the no-JavaScript target of the "Filter" link. */
export const FILTER_PANEL_ID = "filter";

export const COUNT = germanNumber();

/** The drawer's apply button: "1 Fahrzeug anzeigen", "3.013 Fahrzeuge anzeigen" (the spec has no text for it). */
export function showVehiclesLabel(total: number): string {
  return `${COUNT.format(total)} ${total === 1 ? "Fahrzeug" : "Fahrzeuge"} anzeigen`;
}

/**
 * "Filter (2)" above the results on narrow screens. With JavaScript a button that
 * opens the drawer; without it a link to the filter panel below the results. Both are in the HTML
 * and CSS shows one by `scripting`, so nothing moves when the page hydrates; wide screens show
 * neither (the panel sits beside the results).
 */
export function FilterDrawerOpener({ activeCount, onOpen }: { activeCount: number; onOpen: () => void }) {
  const label = activeCount > 0 ? `Filter (${activeCount})` : "Filter";
  return (
    <>
      <button type="button" className="button button--tertiary button--small filter-opener" aria-haspopup="dialog" onClick={onOpen}>
        {label}
      </button>
      <a href={`#${FILTER_PANEL_ID}`} className="button button--tertiary button--small filter-opener">
        {label}
      </a>
    </>
  );
}

/**
 * The filters as a modal drawer: a native <dialog> opened with showModal(), so focus moves in,
 * the page behind is inert, Escape (and Android's back) closes it and focus returns to the
 * opener. Any submit inside closes it after the form's own handler applied the filters.
 * `children` (the form) is rendered only while open: the page shows it in its panel otherwise.
 * "Zurücksetzen" leads to `resetHref` and keeps the drawer open on the new total.
 *
 * @example <FilterDrawer open={open} onClose={() => setOpen(false)} resetHref="/carfinder">{open && form}</FilterDrawer>
 */
export function FilterDrawer({
  open,
  onClose,
  resetHref,
  children,
}: {
  open: boolean;
  onClose: () => void;
  resetHref: string;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (open) dialog.current?.showModal();
  }, [open]);
  // The page learns of a close at once: the dialog's `close` event comes a task later, and a
  // visitor (or a test) who reopens the drawer before it would find the page still "open" and
  // nothing to open. A late `close` event of a dialog opened again since is ignored.
  const close = () => {
    dialog.current?.close();
    onClose();
  };
  return (
    <dialog
      ref={dialog}
      className="filter-drawer"
      aria-labelledby="filter-drawer-title"
      onCancel={onClose}
      onClose={() => {
        if (!dialog.current?.open) onClose();
      }}
      onSubmit={close}
    >
      <div className="filter-drawer__header">
        {/* Focus starts here (the dialog's first focusable element), not on "Zurücksetzen". */}
        <h2 id="filter-drawer-title" tabIndex={-1}>
          Filter
        </h2>
        <SiteLink to={resetHref} preventScrollReset className="button button--ghost button--small">
          Zurücksetzen
        </SiteLink>
        <button type="button" className="button button--tertiary button--small filter-drawer__close" aria-label="Schließen" onClick={close}>
          ×
        </button>
      </div>
      {children}
    </dialog>
  );
}
