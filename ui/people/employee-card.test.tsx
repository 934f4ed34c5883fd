import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import type { Employee } from "#domain/data-schemas.ts";
import { EmployeeAvatar, EmployeeCard, nameInitials } from "./employee-card.tsx";

const JENS: Employee = {
  slug: "jens-hansen",
  firstName: "Jens",
  lastName: "Hansen",
  jobTitle: "Serviceberater",
  department: "service",
  location: { slug: "center-husum", name: "Center Husum" },
  brands: [],
  phone: "04841 12345-20",
};

const imgOf = (html: string) => /<img [^>]*>/.exec(html)?.[0];

describe("a contact person's card", () => {
  it("with a photo: a sized, lazy image with an empty alt (the name is the heading beside it), the initials beneath it", () => {
    const html = renderToStaticMarkup(<EmployeeCard employee={{ ...JENS, photo: "/demo/portraits/portrait-5.svg" }} level={3} />);
    const img = imgOf(html) ?? "";
    expect(img).toContain('class="employee-card__photo"');
    expect(img).toContain('src="/demo/portraits/portrait-5.svg"');
    expect(img).toContain('width="72"');
    expect(img).toContain('height="72"');
    expect(img).toContain('alt=""');
    expect(img).toContain('loading="lazy"');
    expect(img).toContain('decoding="async"');
    // The initials stay beneath the photo: they show while it loads and if it fails, without a script.
    expect(html).toMatch(/<span class="employee-card__avatar" aria-hidden="true">JH<img /);
    expect(html).toContain('<h3 class="employee-card__name">Jens Hansen</h3>');
  });

  it("a Storyblok portrait is loaded cropped to the card's size", () => {
    const photo = "https://a.storyblok.com/f/4711/800x1000/ab12/jens.jpg";
    expect(imgOf(renderToStaticMarkup(<EmployeeCard employee={{ ...JENS, photo }} level={3} />))).toContain(
      `src="${photo}/m/144x144/filters:quality(80)"`,
    );
  });

  it("without a photo, or with one that is no picture address: the initials alone", () => {
    for (const photo of [undefined, "upload:jens.jpg", "javascript:alert(1)", "http://example.de/a.jpg"]) {
      const html = renderToStaticMarkup(<EmployeeCard employee={{ ...JENS, ...(photo && { photo }) }} level={3} />);
      expect(imgOf(html), photo).toBeUndefined();
      expect(html, photo).toContain('<span class="employee-card__avatar" aria-hidden="true">JH</span>');
    }
  });

  it("an editor's employee block has initials from its one name field", () => {
    expect(nameInitials("Anna-Lena  Petersen")).toBe("AP");
    expect(nameInitials(" Dr. Jens Ole Hansen ")).toBe("DH");
    expect(nameInitials("Empfang")).toBe("E");
    expect(nameInitials("Özlem Yılmaz")).toBe("ÖY");
    expect(renderToStaticMarkup(<EmployeeAvatar initials="AP" />)).toBe('<span class="employee-card__avatar" aria-hidden="true">AP</span>');
  });
});
