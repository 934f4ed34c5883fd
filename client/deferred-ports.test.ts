import { describe, expect, it, vi } from "vitest";
import { createBrowserPorts } from "./browser-ports.ts";
import { deferredPorts } from "./deferred-ports.ts";
import type { DataPorts } from "#routes/ports.ts";

describe("deferredPorts", () => {
  it("forwards exactly the methods the browser ports implement", () => {
    const real = createBrowserPorts(async () => {
      throw new Error("not called");
    });
    const { ports } = deferredPorts(async () => real);
    const methods = (group: object) => Object.fromEntries(Object.entries(group).map(([name, forward]) => [name, typeof forward]));
    const shape = (all: object) => Object.fromEntries(Object.entries(all).map(([name, group]) => [name, methods(group)]));
    expect(shape(ports)).toEqual(shape(real));
  });

  it("loads the implementation once, on the first call, and forwards arguments and results", async () => {
    const getById = vi.fn(async (id: number) => ({ id }) as never);
    const load = vi.fn(async () => ({ vehicles: { getById } }) as unknown as DataPorts);
    const { ports } = deferredPorts(load);
    expect(load).not.toHaveBeenCalled();
    await expect(ports.vehicles.getById(7)).resolves.toEqual({ id: 7 });
    await ports.vehicles.getById(8);
    expect(load).toHaveBeenCalledTimes(1);
    expect(getById).toHaveBeenCalledWith(8);
  });

  it("warm() loads ahead without a call and swallows a failure", async () => {
    const load = vi.fn(async () => {
      throw new Error("offline");
    });
    const { warm } = deferredPorts(load);
    warm();
    await Promise.resolve();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("retries the load after a failure (a chunk that failed once may load now)", async () => {
    const list = vi.fn(async () => []);
    const load = vi
      .fn<() => Promise<DataPorts>>()
      .mockRejectedValueOnce(new Error("Failed to fetch dynamically imported module"))
      .mockResolvedValue({ locations: { list } } as unknown as DataPorts);
    const { ports } = deferredPorts(load);
    await expect(ports.locations.list()).rejects.toThrow("dynamically imported");
    await expect(ports.locations.list()).resolves.toEqual([]);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
