import { init, replayIntegration, type ErrorEvent, type EventHint } from "@sentry/browser";
import type { BrowserErrorReporting } from "#domain/site-config.ts";
import { isExpectedBrowserError } from "./expected-errors.ts";

/** Sample rates the issue sets: replays of 10 % of sessions, of every session with an error. */
export const REPLAY_SESSION_SAMPLE_RATE = 0.1;
export const REPLAY_ON_ERROR_SAMPLE_RATE = 1.0;

let started = false;

/**
 * @sentry/browser, once per page. Replays mask every text and input and block media (no
 * personal data, no vehicle photos, in a recording); expected errors are dropped before sending.
 */
export function startSentry(config: BrowserErrorReporting, release: string | undefined): void {
  if (started) return;
  started = true;
  init({
    dsn: config.dsn,
    environment: config.environment,
    release,
    replaysSessionSampleRate: REPLAY_SESSION_SAMPLE_RATE,
    replaysOnErrorSampleRate: REPLAY_ON_ERROR_SAMPLE_RATE,
    integrations: [replayIntegration({ maskAllText: true, maskAllInputs: true, blockAllMedia: true })],
    beforeSend: (event: ErrorEvent, hint: EventHint) =>
      isExpectedBrowserError(hint.originalException, navigator.userAgent) ? null : event,
  });
}
