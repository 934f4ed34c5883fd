/** Error page kinds (spec section 8, error catalogue); their German copy is domain/error-copy.ts. */
export const ERROR_KINDS = [
  "something-went-wrong",
  "page-not-found",
  "vehicle-not-found",
  "location-not-found",
  "vehicle-form-not-found",
  "brand-not-found",
  "news-article-not-found",
  "lease-vehicle-not-found",
  "broken-link",
  // Not in the spec's catalogue: the content source is down and nothing is cached.
  "temporarily-unavailable",
] as const;

export type ErrorKind = (typeof ERROR_KINDS)[number];

/** Body of an expected error thrown by loaders as `data(payload, { status })`. */
export interface ExpectedError {
  kind: ErrorKind;
  message: string;
}

/**
 * Type guard for the error boundary. A hand-written check, not zod: the boundary is on every
 * page's first load and the payload comes from our own loaders, never from outside (ADR 0006).
 */
export function isExpectedError(value: unknown): value is ExpectedError {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.message === "string" && (ERROR_KINDS as readonly unknown[]).includes(candidate.kind);
}
