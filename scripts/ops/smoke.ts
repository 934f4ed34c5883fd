/**
 * `npm run smoke -- --origin https://…` (or `--env …`, which reads SITE_ORIGIN): after a deploy,
 * checks from outside that the site answers — health, the sitemap, a vehicle page found through it,
 * the home page's security headers, and the Storyblok webhook refusing an unsigned call (401).
 * Read-only: nothing is stored, no lead is sent.
 */

export interface SmokeCheck {
  name: string;
  ok: boolean;
  detail: string;
}

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

const VEHICLE_PATH = /^\/(?:[a-z0-9-]+\/)?carfinder\/\d+-\d+-[a-z0-9-]+$/;

/** The paths of a sitemap (or the first part of a sitemap index), whatever origin its <loc>s name. */
async function sitemapPaths(origin: string, fetchImpl: Fetch): Promise<{ status: number; paths: string[] }> {
  const response = await fetchImpl(`${origin}/sitemap.xml`);
  let xml = await response.text();
  if (xml.includes("<sitemapindex")) {
    const first = /<loc>([^<]+)<\/loc>/.exec(xml)?.[1];
    if (first && URL.canParse(first)) xml = await (await fetchImpl(`${origin}${new URL(first).pathname}`)).text();
  }
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].flatMap(([, loc]) => (loc && URL.canParse(loc) ? [new URL(loc).pathname] : []));
  return { status: response.status, paths };
}

export async function smoke(origin: string, fetchImpl: Fetch = fetch): Promise<SmokeCheck[]> {
  const checks: SmokeCheck[] = [];
  const check = async (name: string, run: () => Promise<[boolean, string]>) => {
    try {
      const [ok, detail] = await run();
      checks.push({ name, ok, detail });
    } catch (error) {
      checks.push({ name, ok: false, detail: error instanceof Error ? error.message : String(error) });
    }
  };
  const get = (path: string, init?: RequestInit) => fetchImpl(`${origin}${path}`, { redirect: "manual", ...init });

  await check("GET /healthz", async () => {
    const response = await get("/healthz");
    const body = await response.text();
    return [response.status === 200 && body.includes('"ok"'), `${response.status} ${body.slice(0, 60)}`];
  });
  let vehicle: string | undefined;
  await check("GET /sitemap.xml", async () => {
    const { status, paths } = await sitemapPaths(origin, fetchImpl);
    vehicle = paths.find((path) => VEHICLE_PATH.test(path));
    return [status === 200 && paths.length > 0, `${status}, ${paths.length} URLs${vehicle ? `, vehicle ${vehicle}` : ", no vehicle page"}`];
  });
  await check("GET a vehicle page", async () => {
    if (!vehicle) return [false, "the sitemap lists no vehicle page (no stock?)"];
    const response = await get(vehicle);
    const html = await response.text();
    return [response.status === 200 && html.includes("<h1"), `${response.status} ${vehicle}`];
  });
  await check("GET / (security headers)", async () => {
    const response = await get("/");
    await response.arrayBuffer();
    const missing = [
      "content-security-policy",
      "x-content-type-options",
      ...(origin.startsWith("https:") ? ["strict-transport-security"] : []),
    ].filter((name) => !response.headers.has(name));
    return [
      response.status === 200 && missing.length === 0,
      `${response.status}${missing.length > 0 ? `, missing ${missing.join(", ")}` : ""}`,
    ];
  });
  await check("POST /webhooks/storyblok unsigned → 401", async () => {
    const response = await get("/webhooks/storyblok", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    await response.arrayBuffer();
    return [response.status === 401, String(response.status)];
  });
  return checks;
}
