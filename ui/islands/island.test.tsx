import { describe, expect, it } from "vitest";
import { BUILT_IN_SITE_SETTINGS } from "#domain/site-settings.ts";
import { renderToStaticMarkup } from "react-dom/server";
import { Island, IslandModeContext } from "./island.tsx";
import { islandPageScript } from "./island-page.ts";
import { UNDECIDED } from "#domain/consent.ts";

function Greeting({ name, count }: { name: string; count: number }) {
  return (
    <p>
      Hallo {name} ({count})
    </p>
  );
}

function Outer({ label }: { label: string }) {
  return (
    <div>
      {label}
      <Island name="quick-search" component={Greeting} props={{ name: "innen", count: 2 }} />
    </div>
  );
}

const PRELOADS: ReadonlyMap<string, readonly string[]> = new Map();

describe("Island (ADR 0017)", () => {
  it("is the component itself outside an editorial page (the app hydrates the whole document)", () => {
    expect(renderToStaticMarkup(<Island name="site-header" component={Greeting} props={{ name: "Nord", count: 1 }} />)).toBe(
      "<p>Hallo Nord (1)</p>",
    );
  });

  it("wraps the component's HTML in a marker with its name and JSON props on an editorial page", () => {
    const html = renderToStaticMarkup(
      <IslandModeContext value={PRELOADS}>
        <Island name="site-header" component={Greeting} props={{ name: 'A "B" & <C>', count: 1 }} />
      </IslandModeContext>,
    );
    expect(html).toBe(
      '<agn-island data-island="site-header" data-props="{&quot;name&quot;:&quot;A \\&quot;B\\&quot; &amp; &lt;C&gt;&quot;,&quot;count&quot;:1}"><p>Hallo A &quot;B&quot; &amp; &lt;C&gt; (1)</p></agn-island>',
    );
  });

  it("an island inside an island is part of the outer one (one root)", () => {
    const html = renderToStaticMarkup(
      <IslandModeContext value={PRELOADS}>
        <Island name="site-header" component={Outer} props={{ label: "außen" }} />
      </IslandModeContext>,
    );
    expect(html.match(/<agn-island/g)).toHaveLength(1);
    expect(html).toContain("Hallo innen (2)");
  });
});

describe("islandPageScript", () => {
  it("writes the page data as a global, with < escaped so no value closes the script", () => {
    const script = islandPageScript({
      consent: UNDECIDED,
      services: { evil: "</script><script>alert(1)</script>" } as never,
      settings: BUILT_IN_SITE_SETTINGS,
    });
    expect(script.startsWith("window.__agnPage={")).toBe(true);
    expect(script).not.toContain("</script>");
    const value: unknown = JSON.parse(script.slice("window.__agnPage=".length, -1));
    expect(value).toEqual({
      consent: UNDECIDED,
      services: { evil: "</script><script>alert(1)</script>" },
      settings: BUILT_IN_SITE_SETTINGS,
    });
  });
});
