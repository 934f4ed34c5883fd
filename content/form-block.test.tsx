import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { BlockRenderer } from "./block-registry.tsx";
import { ServerFormBlockViewsContext } from "./blocks/lead-blocks-lazy.tsx";
import { SERVER_FORM_BLOCK_VIEWS } from "./blocks/server-form-block-views.ts";
import { FIXTURE_DATA } from "./block-fixtures.ts";
import type { Block } from "./story-schema.ts";
import { validateStoryContent } from "./validate-blocks.ts";

/**
 * The content form block as the server renders it: a plain POST form that carries
 * everything without JavaScript, every field type of the spec, and the German error instead of a
 * broken form. Behaviour in the browser (blur, summary, submit) is covered by e2e/content-form.spec.ts.
 */

/** A choice field's options as Storyblok delivers them: `[label, value]` pairs → `{ label, value }`. */
const options = (...pairs: [label: string, value: string][]) => pairs.map(([label, value]) => ({ label, value }));

const FORM = {
  component: "embed_form",
  _uid: "form-1",
  headline: "Schaden melden",
  form_id: "damage-report",
  fields: [
    { name: "name", input: "text", label: "Name", validation: "required", help: "Vor- und Nachname" },
    {
      name: "contact",
      type: "group",
      label: "Kontakt",
      children: [
        { name: "email", input: "email", label: "E-Mail", validation: "require_one:phone|email" },
        { name: "phone", input: "tel", label: "Telefon" },
      ],
    },
    { name: "brand", input: "autocomplete", label: "Marke", options: options(["Mercedes-Benz", "Mercedes-Benz"], ["smart", "smart"]) },
    {
      name: "location",
      input: "select",
      label: "Standort",
      validation: "required",
      options: [{ group: "Hamburg", options: options(["Rothenbaum", "rothenbaum"]) }, ...options(["Husum", "husum"])],
    },
    {
      name: "damage",
      input: "radio",
      label: "Art des Schadens",
      validation: "required",
      options: options(["Unfall", "accident"], ["Glas", "glass"]),
    },
    {
      name: "extras",
      input: "checkbox",
      label: "Zusätzlich",
      options: options(["Ersatzwagen", "rental"], ["Hol- und Bring-Service", "pickup"]),
    },
    {
      name: "plates",
      type: "list",
      label: "Kennzeichen",
      // the list's entries share a name: they are told apart by position
      children: ["Kennzeichen 1", "Kennzeichen 2"].map((label) => ({ name: "plate", label })),
    },
    { name: "callback", input: "toggle", label: "Rückruf gewünscht" },
    { name: "privacy", input: "checkbox", label: "Datenschutzhinweise gelesen", validation: "accepted" },
  ],
} as unknown as Block;

function render(block: Block, options: { preview?: boolean; path?: string } = {}): string {
  const root = validateStoryContent({ component: "page", _uid: "root", body: [block] } as Block, {
    preview: options.preview ?? false,
    warn: (message) => expect.fail(message),
  });
  return renderToStaticMarkup(
    // As the worker renders it: the form block in place (in the browser it is a lazy chunk).
    <ServerFormBlockViewsContext value={SERVER_FORM_BLOCK_VIEWS}>
      <RouterProvider
        router={createMemoryRouter(
          [{ path: "*", element: <BlockRenderer blocks={[root]} context={{ data: FIXTURE_DATA, preview: options.preview ?? false }} /> }],
          {
            initialEntries: [options.path ?? "/werkstatt/schadensmanagement"],
          },
        )}
      />
    </ServerFormBlockViewsContext>,
  );
}

const tag = (html: string, pattern: RegExp) => html.match(pattern)?.[0] ?? "";

describe("content form block (server render)", () => {
  const html = render(FORM);

  it("is a plain POST form to the page itself with the lead's hidden fields and an empty honeypot", () => {
    const form = tag(html, /<form [^>]*>/);
    expect(form).toContain('method="post"');
    expect(form).not.toContain("action=");
    expect(form).toContain('data-form-state="editing"');
    const hidden = {
      kind: "content_form",
      // empty on the server (cached HTML is shared): the browser makes the key, or the page action does
      idempotencyKey: "",
      formId: "damage-report",
      pageSlug: "werkstatt/schadensmanagement",
      blockUid: "form-1",
    };
    for (const [name, value] of Object.entries(hidden)) expect(html).toContain(`<input type="hidden" name="${name}" value="${value}"/>`);
    expect(tag(html, /<input [^>]*name="website"[^>]*>/)).toMatch(/tabindex="-1"[^>]*value=""/);
    expect(html).toMatch(/<div class="content-form__hp" aria-hidden="true">/);
  });

  it("the home page's slug is empty", () => {
    expect(render(FORM, { path: "/" })).toContain('<input type="hidden" name="pageSlug" value=""/>');
  });

  it("names every control fields.<dotted path>; a list by position; a checkbox list repeats its name", () => {
    for (const name of ["name", "contact.email", "contact.phone", "brand", "location", "plates.0", "plates.1", "callback", "privacy"])
      expect(html).toContain(`name="fields.${name}"`);
    expect(html.match(/name="fields.damage"/g)).toHaveLength(2);
    expect(html.match(/<input type="checkbox" id="[^"]+" name="fields.extras" value="(rental|pickup)"/g)).toHaveLength(2);
    expect(tag(html, /<input [^>]*name="fields.privacy"[^>]*>/)).toContain('value="true"');
  });

  it("renders the spec's field types accessibly: labels, help, required, switch, datalist, optgroups, fieldsets", () => {
    expect(html).toMatch(
      /<label for="cf-form-1-name">Name<span aria-hidden="true"> \*<\/span><\/label><input id="cf-form-1-name"[^>]*required=""[^>]*aria-describedby="cf-form-1-name-help"/,
    );
    expect(html).toContain('<p id="cf-form-1-name-help" class="content-form__help">Vor- und Nachname</p>');
    expect(html).toMatch(/<fieldset class="content-form__group content-form__group--group"><legend>Kontakt<\/legend>/);
    expect(html).toMatch(/<fieldset class="content-form__group content-form__group--list"><legend>Kennzeichen<\/legend>/);
    expect(tag(html, /<input [^>]*name="fields.brand"[^>]*>/)).toContain('list="cf-form-1-brand-list"');
    expect(html).toContain('<datalist id="cf-form-1-brand-list"><option value="Mercedes-Benz">Mercedes-Benz</option>');
    expect(html).toMatch(
      /<select id="cf-form-1-location" name="fields.location" required=""><option value=""[^>]*>Bitte wählen<\/option><optgroup label="Hamburg"><option value="rothenbaum">Rothenbaum<\/option><\/optgroup><option value="husum">Husum<\/option><\/select>/,
    );
    expect(html).toMatch(
      /<fieldset class="content-form__field content-form__field--radio"[^>]*><legend>Art des Schadens<span aria-hidden="true"> \*<\/span><\/legend>/,
    );
    expect(tag(html, /<input [^>]*name="fields.callback"[^>]*>/)).toMatch(/role="switch" aria-checked="false"/);
    expect(tag(html, /<input [^>]*name="fields.privacy"[^>]*>/)).toContain('required=""');
  });

  it("exposes each field's state for tests and styling", () => {
    expect(tag(html, /<div [^>]*data-field="name"[^>]*>/)).toMatch(/data-settled="true" data-validating="false" data-failing="true"/);
    expect(tag(html, /<div [^>]*data-field="contact.phone"[^>]*>/)).toContain('data-failing="false"');
  });

  it("shows no messages before the visitor did anything, and the submit works without JavaScript", () => {
    expect(html).not.toContain("content-form__error");
    expect(html).not.toContain("content-form__summary");
    expect(tag(html, /<button type="submit"[^>]*>/)).not.toContain("disabled");
    expect(html).toContain(">Senden</button>");
    expect(html).toContain('<button type="reset" class="button button--ghost button--medium">Zurücksetzen</button>');
    expect(html).not.toMatch(/JavaScript|in Kürze/);
  });

  it("ids stay unique, also for fields called website or contact-email beside contact.email", () => {
    const fields = [
      { name: "website", label: "Ihre Website" },
      { name: "contact", type: "group", children: [{ name: "email", label: "E-Mail" }] },
      { name: "contact-email", label: "Zweite E-Mail" },
    ];
    const ids = [...render({ ...FORM, fields } as Block).matchAll(/ id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids.length).toBeGreaterThan(4);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("an editor's submit label and locale", () => {
    const english = render({ ...FORM, submit_label: "Jetzt melden", locale: "en" } as Block);
    expect(english).toContain(">Jetzt melden</button>");
    expect(english).toContain("Fields marked with * are required.");
  });
});

describe("a form that cannot be shown", () => {
  it.each([
    ["no fields", { fields: [] }],
    ["a broken field", { fields: [{ name: "1bad" }] }],
    ["a radio without options", { fields: [{ name: "topic", input: "radio" }] }],
    ["fields that are not a list", { fields: "kaputt" }],
  ])("%s: an alert 'Es ist etwas schiefgelaufen...' instead of a form", (_, fields) => {
    const html = render({ ...FORM, ...fields } as Block);
    expect(html).toContain('<div role="alert" class="content-form__alert"><p>Es ist etwas schiefgelaufen...</p></div>');
    expect(html).not.toContain("<form");
    expect(html).toContain(">Schaden melden</h2>");
  });

  it("the preview also tells the editor what is wrong", () => {
    const html = render({ ...FORM, fields: [{ name: "topic", input: "radio" }] } as Block, { preview: true });
    expect(html).toContain("Vorschau-Hinweis: „topic“: Auswahlfeld ohne Optionen");
  });

  it("unknown rule names work as in FormKit (ignored), and only the preview mentions them", () => {
    const form = { ...FORM, fields: [{ name: "email", input: "email", validation: "required|emial" }] } as Block;
    expect(render(form)).not.toContain("Vorschau-Hinweis");
    expect(render(form, { preview: true })).toContain("Vorschau-Hinweis: „email“: unbekannte Regel „emial“ wird ignoriert");
  });
});
