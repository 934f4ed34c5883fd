import { useCallback, useEffect, useMemo, useRef } from "react";
import { acquireScript, type ScriptHandle } from "#ui/booking/script-loader.ts";
import { useExternalServices } from "#ui/site-context.tsx";

/** The part of Cloudflare's `window.turnstile` the forms use (explicit rendering). */
export interface TurnstileApi {
  render(container: HTMLElement, options: TurnstileOptions): string | undefined;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}

export interface TurnstileOptions {
  sitekey: string;
  language: string;
  appearance: "always" | "execute" | "interaction-only";
  /** We send the token ourselves; the widget adds no hidden input. */
  "response-field": boolean;
  callback(token: string): void;
  "error-callback"(): void;
  "expired-callback"(): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

/** Body field the worker reads (domain/lead-schemas.ts, worker/leads/turnstile.ts). */
export const TURNSTILE_FIELD = "turnstileToken";
/** How long a submit waits for the check before it says it failed. */
export const TOKEN_WAIT_MS = 15_000;

export const TURNSTILE_FAILED_MESSAGE = "Die Sicherheitsprüfung konnte nicht abgeschlossen werden. Bitte versuchen Sie es erneut.";
export const TURNSTILE_NOSCRIPT_MESSAGE =
  "Zum Schutz vor Missbrauch prüft dieses Formular vor dem Senden, dass ein Mensch es ausfüllt – dafür braucht es JavaScript. Bitte aktivieren Sie JavaScript oder rufen Sie uns an.";

export interface TurnstileCheck {
  /** True when a site key is configured: the form needs a token. */
  enabled: boolean;
  /** Where the widget goes; put it inside the form, before the submit button. */
  containerRef: (element: HTMLDivElement | null) => void;
  /** Loads the script and renders the widget (the first focus in the form); harmless twice. */
  start(): void;
  /** The token for this submit: undefined without a site key, null when the check failed or timed out. */
  token(): Promise<string | null | undefined>;
  /** After a submit: a token is good for one siteverify, a retry needs a new one. */
  reset(): void;
}

interface WidgetState {
  container: HTMLDivElement | null;
  script: ScriptHandle | null;
  widgetId: string | null;
  token: string | null;
  failed: boolean;
  waiters: Array<() => void>;
}

/**
 * Cloudflare Turnstile on a lead form (ADR 0039). Nothing loads before the visitor starts on the
 * form; the widget is "interaction-only", so most visitors never see it. The worker checks the
 * token with siteverify when TURNSTILE_SECRET_KEY is set (worker/leads/turnstile.ts).
 */
export function useTurnstile(): TurnstileCheck {
  const config = useExternalServices()?.turnstile ?? null;
  const state = useRef<WidgetState>({ container: null, script: null, widgetId: null, token: null, failed: false, waiters: [] });

  const settle = useCallback(() => {
    const waiters = state.current.waiters;
    state.current.waiters = [];
    for (const wake of waiters) wake();
  }, []);

  const start = useCallback(() => {
    const current = state.current;
    if (!config || current.script || !current.container) return;
    const script = acquireScript(config.scriptUrl);
    current.script = script;
    current.failed = false;
    script.ready
      .then(() => {
        const api = window.turnstile;
        if (!api || !current.container || current.script !== script) throw new Error("turnstile API missing");
        current.widgetId =
          api.render(current.container, {
            sitekey: config.siteKey,
            language: "de",
            appearance: "interaction-only",
            "response-field": false,
            callback: (token) => {
              current.token = token;
              current.failed = false;
              settle();
            },
            "error-callback": () => {
              current.token = null;
              current.failed = true;
              settle();
            },
            "expired-callback": () => {
              current.token = null;
            },
          }) ?? null;
      })
      .catch(() => {
        // A script that failed to load is removed by the loader: the next start() tries again.
        if (current.script === script) {
          script.release();
          current.script = null;
        }
        current.failed = true;
        settle();
      });
  }, [config, settle]);

  const token = useCallback(async (): Promise<string | null | undefined> => {
    if (!config) return undefined;
    const current = state.current;
    // After a failed check the widget tries again; after a failed script load start() does.
    if (current.failed && current.widgetId) window.turnstile?.reset(current.widgetId);
    current.failed = false;
    start();
    if (current.token) return current.token;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, TOKEN_WAIT_MS);
      current.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
    return current.token ?? null;
  }, [config, start]);

  const reset = useCallback(() => {
    const current = state.current;
    current.token = null;
    current.failed = false;
    if (current.widgetId) window.turnstile?.reset(current.widgetId);
  }, []);

  const containerRef = useCallback((element: HTMLDivElement | null) => {
    state.current.container = element;
  }, []);

  useEffect(
    () => () => {
      const current = state.current;
      if (current.widgetId) window.turnstile?.remove(current.widgetId);
      current.script?.release();
      current.script = null;
      current.widgetId = null;
    },
    [],
  );

  const enabled = config !== null;
  return useMemo(() => ({ enabled, containerRef, start, token, reset }), [enabled, containerRef, start, token, reset]);
}

/** The widget's place in the form and the notice for visitors without JavaScript. */
export function TurnstileSlot({ check }: { check: TurnstileCheck }) {
  if (!check.enabled) return null;
  return (
    <>
      <div ref={check.containerRef} className="turnstile-slot" />
      <noscript>
        <p className="form-notice">{TURNSTILE_NOSCRIPT_MESSAGE}</p>
      </noscript>
    </>
  );
}
