import { startFakeLeadServices } from "./fake-lead-services-server.ts";

/**
 * vitest globalSetup (Node): starts the fake CRM, HubSpot and Turnstile on the port
 * vitest.worker.config.ts chose and handed to workerd as FAKE_LEADS_URL.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const port = Number(process.env.FAKE_LEADS_PORT);
  if (!Number.isInteger(port) || port <= 0) throw new Error("FAKE_LEADS_PORT is not set (vitest.worker.config.ts chooses it)");
  const { server } = await startFakeLeadServices(port);
  return () => new Promise((resolve) => server.close(() => resolve()));
}
