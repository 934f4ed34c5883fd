import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useActionData, useFetcher, useSearchParams } from "react-router";
import type { LeadKind } from "#domain/lead-vocabulary.ts";
import { FORM_INCOMPLETE_MESSAGE } from "#domain/lead-vocabulary.ts";
import type { LeadOutcome } from "#domain/lead-outcome.ts";
import { trackEvent, type EventPayload } from "#ui/analytics/analytics.ts";
import { showToast, ToastRegion } from "#ui/toast.tsx";
import { TURNSTILE_FAILED_MESSAGE, TURNSTILE_FIELD, TurnstileSlot, useTurnstile } from "./turnstile.tsx";
import { FieldStateContext, fieldId, Honeypot, type FieldState } from "./form-fields.tsx";

/** The action's answer as the form sees it (routes/lead-action.ts LeadActionData; ui may not import routes). */
interface LeadResult {
  outcome: LeadOutcome;
  values: Record<string, string | string[]>;
}

/** The query parameter a plain post is redirected to after success (routes/lead-action.ts LEAD_SENT_PARAM). */
const SENT_PARAM = "anfrage";
const REFERENCE = /^[A-Z0-9-]{4,40}$/;

type Errors = Record<string, string>;

const CHOICE_TYPES = new Set(["checkbox", "radio"]);

/** The named form control an event came from (input, select or textarea), if any. */
function fieldOf(target: EventTarget): { name: string; type: string } | null {
  const control = target as Partial<Pick<HTMLInputElement, "name" | "type">>;
  return typeof control.name === "string" && control.name !== "" ? { name: control.name, type: control.type ?? "" } : null;
}

async function validate(kind: LeadKind, form: HTMLFormElement): Promise<Errors> {
  // zod and the schemas load with the first interaction, not with the page (ADR 0006). Should that
  // chunk fail to load, the server's validation (the same schema) still answers the submit.
  const loaded = await import("#domain/lead-schemas.ts").catch(() => null);
  if (!loaded) return {};
  const { fieldErrorsOf, formDataToLeadInput, leadSchemaFor } = loaded;
  const input = formDataToLeadInput(new FormData(form));
  const result = leadSchemaFor(kind).safeParse(input);
  return result.success ? {} : fieldErrorsOf(result.error);
}

export interface LeadFormProps {
  kind: Exclude<LeadKind, "content_form">;
  /** Names the form for analytics (form_id) and ids. */
  formId: string;
  title: string;
  /** Field name → label, for the error summary. */
  labels: Record<string, string>;
  /** Fixed values the visitor does not edit (vehicle id, brand, model). */
  hidden?: Record<string, string>;
  analytics?: EventPayload;
  submitLabel: string;
  /** Trade-in photos: the form posts multipart. */
  withFiles?: boolean;
  /** What the confirmation says after "Vielen Dank". */
  confirmation: string;
  children: ReactNode;
}

/**
 * A lead form: validates a field when it loses focus (checkboxes and radios when
 * they change), refuses to send while anything blocks and then names every problem in a focused
 * summary ('Form incomplete.'); sends through the page's action — inline with JavaScript (no reload),
 * as a plain post without it — and shows the confirmation with the reference.
 */
export function LeadForm({
  kind,
  formId,
  title,
  labels,
  hidden = {},
  analytics = {},
  submitLabel,
  withFiles,
  confirmation,
  children,
}: LeadFormProps) {
  // Not useId: the worker's tree (StaticRouterProvider) and the browser's (RouterProvider) differ, so
  // its ids would not match after hydration; one form of a kind per page makes formId unique.
  const idPrefix = formId;
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const confirmationRef = useRef<HTMLHeadingElement>(null);
  const fetcher = useFetcher<LeadResult>({ key: `lead-${formId}` });
  const actionData = useActionData() as LeadResult | undefined;
  const [searchParams] = useSearchParams();
  const [idempotencyKey, setIdempotencyKey] = useState("");
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [clientErrors, setClientErrors] = useState<Errors>({});
  // Set from the submit click until the fetcher is idle again: a double click sends once.
  const sending = useRef(false);
  const turnstile = useTurnstile();
  const [checkFailed, setCheckFailed] = useState(false);

  // The key is made in the browser: server-rendered HTML may be cached and shared (a plain post gets one from the server).
  useEffect(() => setIdempotencyKey(crypto.randomUUID()), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: form_ready once per form, with the analytics of its first render
  useEffect(() => trackEvent("form_ready", { form_id: formId, ...analytics }), [formId]);

  const ownResult = (candidate: LeadResult | undefined) => (candidate && candidate.values.kind === kind ? candidate : undefined);
  const result = ownResult(fetcher.data) ?? ownResult(actionData);
  const outcome = result?.outcome;
  const sentReference = searchParams.get(SENT_PARAM);
  const reference =
    outcome?.status === "accepted" ? outcome.reference : sentReference && REFERENCE.test(sentReference) ? sentReference : null;
  const serverErrors: Errors = outcome?.status === "invalid" ? outcome.fieldErrors : {};
  const submitting = fetcher.state !== "idle";
  useEffect(() => {
    if (!submitting) sending.current = false;
  }, [submitting]);

  const errors: Errors = {};
  for (const [name, message] of Object.entries(clientErrors)) if (attempted || touched.has(name)) errors[name] = message;
  // What the server said counts until the visitor changes the field again (clientErrors then decide).
  for (const [name, message] of Object.entries(serverErrors))
    if (!touched.has(name) && !Object.hasOwn(errors, name)) errors[name] = message;

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per server answer (outcome); the rest is read as of that answer
  useEffect(() => {
    // A Turnstile token is good for one check: whatever the answer, the next submit needs a new one.
    if (outcome) turnstile.reset();
    if (outcome?.status === "accepted") {
      trackEvent("form_submit", { form_id: formId, ...analytics });
      showToast("Vielen Dank! Ihre Anfrage ist bei uns eingegangen.");
      confirmationRef.current?.focus();
    } else if (outcome) summaryRef.current?.focus();
  }, [outcome]);

  const fieldState: FieldState = {
    idPrefix,
    errorOf: (name) => (Object.hasOwn(errors, name) ? errors[name] : undefined),
    valueOf: (name) => (result && Object.hasOwn(result.values, name) ? result.values[name] : undefined),
  };

  async function revalidate(name: string) {
    if (!formRef.current) return;
    setTouched((previous) => (previous.has(name) ? previous : new Set(previous).add(name)));
    setClientErrors(await validate(kind, formRef.current));
  }

  function onBlur(event: React.FocusEvent<HTMLFormElement>) {
    const field = fieldOf(event.target);
    if (field && !CHOICE_TYPES.has(field.type) && field.type !== "file") void revalidate(field.name);
  }

  function onChange(event: React.ChangeEvent<HTMLFormElement>) {
    const field = fieldOf(event.target);
    // Checkboxes and radios validate as soon as they are dirty; text fields again once they showed an error.
    if (field && (CHOICE_TYPES.has(field.type) || Object.hasOwn(errors, field.name))) void revalidate(field.name);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    const form = event.currentTarget;
    const found = await validate(kind, form);
    setClientErrors(found);
    setAttempted(true);
    if (Object.keys(found).length > 0) {
      sending.current = false;
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    setCheckFailed(false);
    const token = await turnstile.token();
    if (token === null) {
      sending.current = false;
      setCheckFailed(true);
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    const data = new FormData(form);
    if (token) data.set(TURNSTILE_FIELD, token);
    void fetcher.submit(data, { method: "post", encType: withFiles ? "multipart/form-data" : "application/x-www-form-urlencoded" });
  }

  if (reference) {
    return (
      <>
        <ToastRegion />
        <section className="lead-form lead-form--sent" aria-labelledby={`${idPrefix}-sent`} data-state="sent">
          <div role="status">
            <h2 id={`${idPrefix}-sent`} ref={confirmationRef} tabIndex={-1}>
              Vielen Dank für Ihre Anfrage!
            </h2>
            <p>{confirmation}</p>
            <p>
              Ihre Vorgangsnummer: <strong>{reference}</strong>
            </p>
          </div>
        </section>
      </>
    );
  }

  const errorList = Object.entries(errors);
  const refusal = checkFailed ? TURNSTILE_FAILED_MESSAGE : outcome?.status === "refused" ? outcome.message : null;
  const state = submitting ? "submitting" : refusal ? "errored" : errorList.length > 0 && attempted ? "invalid" : "idle";
  return (
    <>
      <ToastRegion />
      <section className="lead-form" aria-labelledby={`${idPrefix}-title`} data-state={state} data-form-id={formId}>
        <h2 id={`${idPrefix}-title`}>{title}</h2>
        <form
          ref={formRef}
          method="post"
          encType={withFiles ? "multipart/form-data" : undefined}
          noValidate
          // Set once the form's code runs (its chunk may hydrate after the page): tests wait for it.
          data-hydrated={idempotencyKey ? true : undefined}
          onSubmit={onSubmit}
          onBlur={onBlur}
          onChange={onChange}
          onFocus={turnstile.start}
          aria-labelledby={`${idPrefix}-title`}
          aria-busy={submitting || undefined}
        >
          <p className="lead-form__required-hint">Pflichtfelder sind mit * gekennzeichnet.</p>
          <div
            ref={summaryRef}
            tabIndex={-1}
            className="lead-form__summary"
            role={refusal || (attempted && errorList.length > 0) ? "alert" : undefined}
          >
            {refusal ? <p>{refusal}</p> : null}
            {!refusal && errorList.length > 0 && (attempted || outcome?.status === "invalid") ? (
              <>
                <p>{FORM_INCOMPLETE_MESSAGE}</p>
                <ul>
                  {errorList.map(([name, message]) => (
                    <li key={name}>
                      <a href={`#${fieldId(idPrefix, name)}`}>{Object.hasOwn(labels, name) ? `${labels[name]}: ${message}` : message}</a>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
          <input type="hidden" name="kind" value={kind} />
          <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
          {Object.entries(hidden).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Honeypot />
          <FieldStateContext.Provider value={fieldState}>{children}</FieldStateContext.Provider>
          <TurnstileSlot check={turnstile} />
          <div className="button-row">
            <button type="submit" className="button button--primary button--large" disabled={submitting}>
              {submitting ? "Wird gesendet…" : refusal ? "Erneut senden" : submitLabel}
            </button>
          </div>
        </form>
      </section>
    </>
  );
}
