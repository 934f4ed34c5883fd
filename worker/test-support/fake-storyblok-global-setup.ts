import { startFakeStoryblok } from "./fake-storyblok-server.ts";

/**
 * vitest globalSetup (Node): starts the fake Storyblok on the port vitest.worker.config.ts chose
 * and handed to workerd as the FAKE_STORYBLOK_URL binding.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const port = Number(process.env.FAKE_STORYBLOK_PORT);
  if (!Number.isInteger(port) || port <= 0) throw new Error("FAKE_STORYBLOK_PORT is not set (vitest.worker.config.ts chooses it)");
  const server = await startFakeStoryblok(port);
  return () => new Promise((resolve) => server.close(() => resolve()));
}
