import { describe, expect, it } from "vitest";
import { generateStock } from "./stock-generator.ts";
import { allVehicleImages, IMAGE_HEIGHT, IMAGE_WIDTH, SPIN_FRAMES, vehicleSpinSpriteSvg } from "./vehicle-images.ts";

describe("generated vehicle pictures", () => {
  const images = allVehicleImages();
  const paths = new Set(images.map((image) => `/${image.path}`));

  it("every picture the stock generator names is generated", () => {
    for (const vehicle of generateStock(3_000)) {
      for (const image of vehicle.images) expect(paths.has(image), image).toBe(true);
      if (vehicle.spin) expect(paths.has(vehicle.spin.sprite), vehicle.spin.sprite).toBe(true);
    }
  });

  it("each picture is a standalone SVG of the declared size without text or scripts", () => {
    for (const { path, svg } of images) {
      if (path.includes("/spin/")) continue;
      expect(svg.startsWith(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${IMAGE_WIDTH} ${IMAGE_HEIGHT}"`)).toBe(true);
      expect(svg).not.toMatch(/<script|<text|href=/);
    }
  });

  it("views of one vehicle differ (side, mirrored side, front, rear)", () => {
    const views = images.filter((image) => image.path.startsWith("images/vehicles/suv-blue-")).map((image) => image.svg);
    expect(new Set(views).size).toBe(4);
  });
});

describe("the 360° sprites (photo spinner)", () => {
  it("most vehicles have one, every fifth has none", () => {
    const stock = generateStock(500);
    const withSpin = stock.filter((vehicle) => vehicle.spin);
    expect(withSpin.length).toBe(stock.filter((vehicle) => vehicle.id % 5 !== 0).length);
    for (const vehicle of withSpin)
      expect(vehicle.spin).toEqual({
        sprite: expect.stringMatching(/^\/images\/vehicles\/spin\/[a-z]+-[a-z]+\.svg$/),
        frames: SPIN_FRAMES,
      });
  });

  it("a sprite holds SPIN_FRAMES different frames of the picture size side by side, without text or scripts", () => {
    const svg = vehicleSpinSpriteSvg("saloon", "#8d1a1f");
    expect(svg.startsWith(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${IMAGE_WIDTH * SPIN_FRAMES} ${IMAGE_HEIGHT}"`)).toBe(true);
    expect(svg).not.toMatch(/<script|<text|href=/);
    const frames = [...svg.matchAll(/<svg x="(\d+)" width="(\d+)" height="(\d+)"[^>]*>(.*?)<\/svg>/g)];
    expect(frames.map((frame) => Number(frame[1]))).toEqual(Array.from({ length: SPIN_FRAMES }, (_, index) => index * IMAGE_WIDTH));
    expect(new Set(frames.map((frame) => frame[4])).size).toBe(SPIN_FRAMES);
  });
});
