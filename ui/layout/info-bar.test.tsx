import { afterEach, describe, expect, it, vi } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { InfoBar } from "./info-bar.tsx";
import { installNoticeDismiss } from "./notice-dismiss.ts";
import { dismissedNotices, MAX_DISMISSED, NOTICE_COOKIE, noticeCookieAfterDismissing } from "./notice-cookie.ts";

const ONE = "0123456789abcdef";
const TWO = "fedcba9876543210";

describe("InfoBar", () => {
  it("renders nothing without notices (no empty landmark, no space taken)", () => {
    expect(renderToStaticMarkup(<InfoBar notices={[]} />)).toBe("");
  });

  it("server-renders each notice with its text, link and a named close button keyed by the notice", () => {
    const html = renderToStaticMarkup(
      <InfoBar
        notices={[
          { key: ONE, text: "Zwischen den Jahren geschlossen.", link: { label: "Öffnungszeiten", href: "/standorte" } },
          { key: TWO, text: "Rückruf", link: { label: "Mehr erfahren", href: "https://www.kba.de/", newTab: true } },
        ]}
      />,
    );
    expect(html).toContain('<aside class="info-bar" aria-label="Hinweise" data-info-bar="">');
    expect(html).toContain(`data-notice="${ONE}"`);
    expect(html).toContain('href="/standorte"');
    expect(html).toContain('target="_blank" rel="noopener noreferrer"');
    expect(html).toContain("(öffnet in neuem Tab)");
    expect(html.match(/<button type="button" class="info-bar__close" data-notice-close="">/g)).toHaveLength(2);
    expect(html).toContain('<span class="visually-hidden">Hinweis schließen</span>');
  });
});

describe("the dismissal cookie", () => {
  it("reads only well-formed keys of its own cookie, at most MAX_DISMISSED", () => {
    expect(dismissedNotices(null)).toEqual(new Set());
    expect(dismissedNotices(`agn_consent=v1.none.1; ${NOTICE_COOKIE}=${ONE}.${TWO}`)).toEqual(new Set([ONE, TWO]));
    expect(dismissedNotices(`${NOTICE_COOKIE}=__proto__.constructor.<script>.${ONE.toUpperCase()}.${ONE}x`)).toEqual(new Set());
    expect(dismissedNotices(`other_${NOTICE_COOKIE}=${ONE}`)).toEqual(new Set());
    const many = Array.from({ length: 20 }, (_, index) => index.toString(16).padStart(16, "0")).join(".");
    expect(dismissedNotices(`${NOTICE_COOKIE}=${many}`).size).toBe(MAX_DISMISSED);
  });

  it("a dismissal goes first, replaces an older version of the same notice, and is a first-party Lax cookie", () => {
    const older = `${ONE.slice(0, 8)}00000000`;
    expect(noticeCookieAfterDismissing(`${NOTICE_COOKIE}=${older}.${TWO}`, ONE, true)).toBe(
      `${NOTICE_COOKIE}=${ONE}.${TWO}; Max-Age=7776000; Path=/; SameSite=Lax; Secure`,
    );
    expect(noticeCookieAfterDismissing("", ONE, false)).toBe(`${NOTICE_COOKIE}=${ONE}; Max-Age=7776000; Path=/; SameSite=Lax`);
    expect(noticeCookieAfterDismissing("", "; Domain=evil.example", true)).toBeNull();
  });
});

/** Just enough of the DOM for the dismiss handler: attribute selectors by name, closest, hidden, focus. */
class FakeElement {
  hidden = false;
  focused = false;
  readonly children: FakeElement[] = [];
  readonly attributes: Record<string, string>;
  readonly parent: FakeElement | null;
  constructor(attributes: Record<string, string>, parent: FakeElement | null = null) {
    this.attributes = attributes;
    this.parent = parent;
    parent?.children.push(this);
  }
  get dataset(): Record<string, string> {
    return Object.fromEntries(
      Object.entries(this.attributes)
        .filter(([name]) => name.startsWith("data-"))
        .map(([name, value]) => [name.slice(5).replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase()), value]),
    );
  }
  private matches(selector: string): boolean {
    const name = /^\[([\w-]+)\]$/.exec(selector)?.[1];
    return name !== undefined && Object.hasOwn(this.attributes, name);
  }
  closest(selector: string): FakeElement | null {
    return this.matches(selector) ? this : (this.parent?.closest(selector) ?? null);
  }
  querySelectorAll(selector: string): FakeElement[] {
    return this.children.flatMap((child) => [...(child.matches(selector) ? [child] : []), ...child.querySelectorAll(selector)]);
  }
  querySelector(selector: string): FakeElement | null {
    return this.querySelectorAll(selector)[0] ?? null;
  }
  focus(): void {
    this.focused = true;
  }
}

describe("installNoticeDismiss", () => {
  afterEach(() => vi.unstubAllGlobals());

  function page() {
    const listeners: Array<(event: { target: unknown }) => void> = [];
    const main = new FakeElement({ id: "inhalt" });
    const bar = new FakeElement({ "data-info-bar": "" });
    const first = new FakeElement({ "data-notice": ONE }, bar);
    const firstClose = new FakeElement({ "data-notice-close": "" }, first);
    const second = new FakeElement({ "data-notice": TWO }, bar);
    const secondClose = new FakeElement({ "data-notice-close": "" }, second);
    const link = new FakeElement({ href: "/standorte" }, second);
    const document = {
      cookie: "agn_consent=v1.none.1",
      addEventListener: (_type: string, listener: (event: { target: unknown }) => void) => listeners.push(listener),
      removeEventListener: (_type: string, listener: (event: { target: unknown }) => void) =>
        listeners.splice(listeners.indexOf(listener), 1),
      getElementById: (id: string) => (id === "inhalt" ? main : null),
    };
    vi.stubGlobal("Element", FakeElement);
    vi.stubGlobal("document", document);
    vi.stubGlobal("location", { protocol: "https:" });
    const click = (target: FakeElement) => {
      for (const listener of [...listeners]) listener({ target });
    };
    return { document, listeners, main, bar, first, firstClose, second, secondClose, link, click };
  }

  it("a close button hides its notice, remembers it in the cookie and moves focus on; the last one hides the bar", () => {
    const { document, main, bar, first, firstClose, second, secondClose, link, click } = page();
    const uninstall = installNoticeDismiss();
    click(link);
    expect(first.hidden || second.hidden).toBe(false);
    click(firstClose);
    expect(first.hidden).toBe(true);
    expect(bar.hidden).toBe(false);
    expect(document.cookie).toBe(`${NOTICE_COOKIE}=${ONE}; Max-Age=7776000; Path=/; SameSite=Lax; Secure`);
    expect(secondClose.focused).toBe(true);
    click(secondClose);
    expect(second.hidden).toBe(true);
    expect(bar.hidden).toBe(true);
    expect(main.focused).toBe(true);
    uninstall();
  });

  it("uninstalled, it listens no more", () => {
    const { listeners } = page();
    const uninstall = installNoticeDismiss();
    expect(listeners).toHaveLength(1);
    uninstall();
    expect(listeners).toHaveLength(0);
  });
});
