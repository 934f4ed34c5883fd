import { describe, expect, it } from "vitest";
import { generateStock } from "./stock-generator.ts";
import { allVehicleImages, IMAGE_HEIGHT, IMAGE_WIDTH } from "./vehicle-images.ts";

describe("generated vehicle pictures", () => {
  const images = allVehicleImages();
  const paths = new Set(images.map((image) => `/${image.path}`));

  it("every picture the stock generator names is generated", () => {
    for (const vehicle of generateStock(3_000)) {
      for (const image of vehicle.images) expect(paths.has(image), image).toBe(true);
    }
  });

  it("each picture is a standalone SVG of the declared size without text or scripts", () => {
    for (const { svg } of images) {
      expect(svg.startsWith(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${IMAGE_WIDTH} ${IMAGE_HEIGHT}"`)).toBe(true);
      expect(svg).not.toMatch(/<script|<text|href=/);
    }
  });

  it("views of one vehicle differ (side, mirrored side, front, rear)", () => {
    const views = images.filter((image) => image.path.startsWith("images/vehicles/suv-blue-")).map((image) => image.svg);
    expect(new Set(views).size).toBe(4);
  });
});
