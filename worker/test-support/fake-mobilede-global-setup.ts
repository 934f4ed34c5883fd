import { startFakeMobileDe } from "./fake-mobilede-server.ts";

/**
 * vitest globalSetup (Node): starts the mobile.de stand-in on the port vitest.worker.config.ts
 * chose and handed to workerd as FAKE_MOBILEDE_URL (tests steer it through its /__control routes).
 */
export default async function setup(): Promise<() => Promise<void>> {
  const port = Number(process.env.FAKE_MOBILEDE_PORT);
  if (!Number.isInteger(port) || port <= 0) throw new Error("FAKE_MOBILEDE_PORT is not set (vitest.worker.config.ts chooses it)");
  const fake = await startFakeMobileDe(port);
  return () => fake.close();
}
