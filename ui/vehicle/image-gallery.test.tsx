import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { ImageGallery } from "./image-gallery.tsx";

describe("ImageGallery", () => {
  it("loads an imported vehicle's thumbnails at the card width; the stage and the thumbnails' links keep the page width", () => {
    const images = [1, 2, 3].map((position) => `/fahrzeugbild/4711/${position}-1024.jpg`);
    const html = renderToStaticMarkup(<ImageGallery images={images} title="Mercedes-Benz A 180" />);
    expect(html).toContain('<img src="/fahrzeugbild/4711/1-1024.jpg" alt="Mercedes-Benz A 180 – Bild 1 von 3"');
    for (const position of [1, 2, 3]) {
      expect(html).toContain(`href="/fahrzeugbild/4711/${position}-1024.jpg"`);
      expect(html).toContain(`<img src="/fahrzeugbild/4711/${position}-480.jpg" alt="Bild ${position} anzeigen"`);
    }
  });
});
