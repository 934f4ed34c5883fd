import { z } from "zod";

/**
 * The deployments of the site (docs/deploy.md, ADR 0024): each is a wrangler environment
 * (`[env.<name>]` in wrangler.toml) with resources of its own. The names are the one convention
 * every ops script shares; wrangler.toml names the same resources, and a test compares them.
 */
export const DEPLOY_ENVIRONMENTS = ["staging", "production"] as const;
export const DeployEnvironmentSchema = z.enum(DEPLOY_ENVIRONMENTS, {
  error: `--env must be one of: ${DEPLOY_ENVIRONMENTS.join(", ")}`,
});
export type DeployEnvironment = z.infer<typeof DeployEnvironmentSchema>;

/**
 * Where the data lives: a German dealership's leads and stock stay in the EU (GDPR). D1 and R2
 * take a jurisdiction at creation; it cannot be changed later.
 */
export const JURISDICTION = "eu";

/** The ENVIRONMENT var each deployment runs with (worker/env.ts): staging is a preview (noindex, internal error text off). */
export const ENVIRONMENT_VAR: Record<DeployEnvironment, "preview" | "production"> = {
  staging: "preview",
  production: "production",
};
