import { describe, expect, it } from "vitest";
import { parseVehicleImagePath, thumbnailSource, vehicleImagePath } from "./vehicle-image-path.ts";

describe("vehicle picture paths", () => {
  it("round-trips an imported picture's path", () => {
    expect(vehicleImagePath(4711, 2, 1024)).toBe("/fahrzeugbild/4711/2-1024.jpg");
    expect(parseVehicleImagePath("4711", "2-1024.jpg")).toEqual({ vehicleId: 4711, position: 2, width: 1024 });
    expect(parseVehicleImagePath("0", "2-1024.jpg")).toBeNull();
    expect(parseVehicleImagePath("4711", "2-800.jpg")).toBeNull();
  });

  it("shows a thumbnail at the card width, not the page width", () => {
    expect(thumbnailSource("/fahrzeugbild/4711/2-1024.jpg")).toBe("/fahrzeugbild/4711/2-480.jpg");
    expect(thumbnailSource("/fahrzeugbild/4711/2-480.jpg")).toBe("/fahrzeugbild/4711/2-480.jpg");
  });

  it("leaves every other picture as it is", () => {
    for (const image of [
      "/images/vehicles/hatchback-red-1.svg",
      "https://a.storyblok.com/f/1/800x500/ab/car.jpg",
      "/fahrzeugbild/4711/2-1024.jpg/x",
      "/fahrzeugbild/abc/2-1024.jpg",
      "/fahrzeugbild/4711",
    ])
      expect(thumbnailSource(image)).toBe(image);
  });
});
