import type { ResolvedConfig } from "./read-environment.ts";

/** A resolved environment config as wrangler gives it, complete unless a test changes it. */
export function configFixture(overrides: Partial<ResolvedConfig> = {}): ResolvedConfig {
  return {
    name: "dealership-site-staging",
    vars: { ENVIRONMENT: "preview", SITE_ORIGIN: "https://staging.example.de", TURNSTILE_SITE_KEY: "0x4AAA", APPOINTMENTS_SCRIPT_URL: "" },
    d1_databases: [{ binding: "DB", database_name: "dealership-staging", database_id: "d1-id" }],
    kv_namespaces: [{ binding: "REDIRECTS", id: "kv-id" }],
    queues: {
      producers: [{ binding: "LEAD_QUEUE", queue: "dealership-leads-staging" }],
      consumers: [
        { queue: "dealership-leads-staging", dead_letter_queue: "dealership-leads-dead-staging" },
        { queue: "dealership-leads-dead-staging" },
      ],
    },
    r2_buckets: [
      { binding: "LEAD_FILES", bucket_name: "dealership-lead-files-staging", jurisdiction: "eu" },
      { binding: "STOCK_PICTURES", bucket_name: "dealership-stock-pictures-staging", jurisdiction: "eu" },
    ],
    ...overrides,
  };
}
