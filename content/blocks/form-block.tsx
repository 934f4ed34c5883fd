import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type MouseEvent, type Ref } from "react";
import { useLocation } from "react-router";
import { unknownRulesOfForm } from "#domain/form-validation/form-definition.ts";
import { prepareForm, submittedValue, type FormModel } from "#domain/form-validation/form-model.ts";
import { uiTexts, type UiTexts } from "#domain/form-validation/messages.ts";
import type { FieldValue } from "#domain/form-validation/rules.ts";
import { trackEvent } from "#ui/analytics/analytics.ts";
import type { EmbedFormBlock } from "../block-schemas.ts";
import { FormNodes, focusIdOf, type FieldBindings } from "../form-block-fields.tsx";
import { useContentForm, type FormAlert, type SummaryEntry } from "../form-state.ts";
import { newIdempotencyKey, pageSlugOf, submitContentForm, type SubmitOutcome } from "../form-submit.ts";
import { TURNSTILE_FAILED_MESSAGE, TurnstileSlot, useTurnstile } from "#ui/forms/turnstile.tsx";
import type { BlockProps } from "./block-props.ts";
import { headingId, SectionWithHeader } from "./block-parts.tsx";

/**
 * embed_form: an editor-defined form (spec section 3 "Form node", section 5 validation) on the
 * validation engine of domain/form-validation, which the worker runs again on submission.
 *
 * Without JavaScript it is a plain `<form method="post">` to the page itself: fields named
 * `fields.<dotted path>` plus the hidden kind, idempotency key (empty: the page action makes one),
 * form id, page slug, block uid and an empty honeypot, so the page action can take the lead. With JavaScript it validates on blur (boxes when
 * they change), refuses to submit with blocking messages (a focused summary says "Formular
 * unvollständig." and links every field), posts JSON to /api/leads and shows a thank-you, the
 * server's field messages, or "Es ist etwas schiefgelaufen..." with a retry that keeps every value.
 * A definition that cannot work shows that error instead of a broken form.
 */
export function EmbedFormView({ block, level, render, context }: BlockProps<EmbedFormBlock>) {
  // The id SectionWithHeader gives the heading: the form is named by it.
  const titleId = headingId(block._uid);
  const model = useMemo(() => prepareForm(block.fields, { locale: block.locale }), [block.fields, block.locale]);
  const problems = block.fields_problems ?? [];
  const usable = problems.length === 0 && model.fields.length > 0;

  useEffect(() => {
    if (usable) trackEvent("form_ready", { form_id: block.form_id });
  }, [usable, block.form_id]);

  return (
    <SectionWithHeader block={block} fallback="Kontaktformular" className="block content-form" level={level} render={render}>
      {usable ? (
        <ContentForm block={block} model={model} notes={context.preview ? unknownRulesOfForm(block.fields) : []} titleId={titleId} />
      ) : (
        <FormUnavailable
          texts={uiTexts(model.locale)}
          problems={context.preview ? (problems.length > 0 ? problems : ["Das Formular hat keine Felder."]) : []}
        />
      )}
    </SectionWithHeader>
  );
}

/** Spec section 8 "Form plugin load error": the definition did not load or cannot work. */
function FormUnavailable({ texts, problems }: { texts: UiTexts; problems: string[] }) {
  return (
    <div role="alert" className="content-form__alert">
      <p>{texts.loadError}</p>
      {problems.length > 0 ? <PreviewNotes notes={problems} /> : null}
    </div>
  );
}

/** Only the visual editor's preview shows editors what is wrong with their form. */
function PreviewNotes({ notes }: { notes: string[] }) {
  return (
    <ul className="content-form__preview-notes">
      {notes.map((note) => (
        <li key={note}>Vorschau-Hinweis: {note}</li>
      ))}
    </ul>
  );
}

type FocusTarget = "summary" | "alert" | "thanks" | null;

function ContentForm({ block, model, notes, titleId }: { block: EmbedFormBlock; model: FormModel; notes: string[]; titleId: string }) {
  const texts = uiTexts(model.locale);
  const pageSlug = pageSlugOf(useLocation().pathname);
  // One key per form render, made in the browser: the server's HTML is cached and shared
  // (ADR 0036), so a plain post carries an empty key and the page action makes one (ADR 0040).
  const [idempotencyKey, setIdempotencyKey] = useState("");
  // Until hydration the browser's own checks help a visitor without JavaScript; then the engine's.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setIdempotencyKey(newIdempotencyKey());
    setHydrated(true);
  }, []);
  const honeypot = useRef<HTMLInputElement>(null);
  const turnstile = useTurnstile();

  const send = useCallback(
    async (values: ReadonlyMap<string, FieldValue>): Promise<SubmitOutcome> => {
      const token = await turnstile.token();
      if (token === null) return { kind: "refused", message: TURNSTILE_FAILED_MESSAGE };
      const outcome = await submitContentForm({
        kind: "content_form",
        idempotencyKey: idempotencyKey || newIdempotencyKey(),
        website: honeypot.current?.value ?? "",
        formId: block.form_id,
        pageSlug,
        blockUid: block._uid,
        fields: Object.fromEntries(model.fields.map((field) => [field.path, submittedValue(field, values.get(field.path))])),
        ...(token && { turnstileToken: token }),
      });
      // A token is good for one check: a retry needs a new one.
      turnstile.reset();
      return outcome;
    },
    [idempotencyKey, block.form_id, block._uid, pageSlug, model, turnstile],
  );
  const form = useContentForm(model, send);
  const { status, alert } = form.state;

  const [focus, setFocus] = useState<{ target: FocusTarget; request: number }>({ target: null, request: 0 });
  const summaryRef = useRef<HTMLDivElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const thanksRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element =
      focus.target === "summary"
        ? summaryRef.current
        : focus.target === "alert"
          ? alertRef.current
          : focus.target === "thanks"
            ? thanksRef.current
            : null;
    element?.focus();
  }, [focus]);

  // Paths keep their dots (a field "contact-email" must not share the id of "contact.email"), and
  // the form's own elements use "--", which no path can start with (names start with a letter).
  const base = `cf-${block._uid.replace(/[^\w-]/g, "-")}`;
  const idOf = useCallback((path: string) => `${base}-${path}`, [base]);

  async function submit() {
    const outcome = await form.submit();
    const target: FocusTarget =
      outcome === "incomplete" ? "summary" : outcome === "errored" ? "alert" : outcome === "submitted" ? "thanks" : null;
    if (target) setFocus((previous) => ({ target, request: previous.request + 1 }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit();
  }

  function onReset(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.reset();
    setIdempotencyKey(newIdempotencyKey());
  }

  if (status === "submitted") {
    return (
      <div ref={thanksRef} tabIndex={-1} role="status" className="content-form__thanks" data-form-state="submitted">
        <p>{texts.thanks}</p>
      </div>
    );
  }

  const bindings: FieldBindings = {
    model,
    texts,
    idOf,
    valueOf: (path) => form.state.values.get(path),
    messagesOf: form.messagesOf,
    phaseOf: form.phaseOf,
    failing: form.failing,
    onInput: form.input,
    onBlur: form.blur,
  };
  const submitting = status === "submitting";

  return (
    <form
      method="post"
      noValidate={hydrated}
      data-hydrated={hydrated || undefined}
      onSubmit={onSubmit}
      onReset={onReset}
      onFocus={turnstile.start}
      aria-labelledby={titleId}
      aria-busy={submitting || undefined}
      data-form-id={block.form_id}
      data-form-state={status}
      className="content-form__form"
    >
      {notes.length > 0 ? <PreviewNotes notes={notes} /> : null}
      <p className="content-form__required-hint">{texts.requiredHint}</p>
      {status === "incomplete" && form.summary.length > 0 ? (
        <Summary ref={summaryRef} entries={form.summary} texts={texts} idOf={idOf} headingId={`${base}--summary-title`} />
      ) : null}
      {alert ? <SendAlert ref={alertRef} alert={alert} texts={texts} onRetry={() => void submit()} /> : null}
      <input type="hidden" name="kind" value="content_form" />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <input type="hidden" name="formId" value={block.form_id} />
      <input type="hidden" name="pageSlug" value={pageSlug} />
      <input type="hidden" name="blockUid" value={block._uid} />
      <div className="content-form__hp" aria-hidden="true">
        <label htmlFor={`${base}--website`}>Website (bitte leer lassen)</label>
        <input ref={honeypot} id={`${base}--website`} type="text" name="website" defaultValue="" tabIndex={-1} autoComplete="off" />
      </div>
      <FormNodes nodes={block.fields} bindings={bindings} />
      <TurnstileSlot check={turnstile} />
      <div className="content-form__actions">
        <button type="submit" className="button button--primary button--medium" aria-disabled={submitting || undefined}>
          {submitting ? texts.sending : (block.submit_label ?? texts.submit)}
        </button>
        <button type="reset" className="button button--ghost button--medium">
          {texts.reset}
        </button>
      </div>
      <p role="status" className="visually-hidden">
        {status === "reset" ? texts.resetDone : ""}
      </p>
    </form>
  );
}

function Summary({
  ref,
  entries,
  texts,
  idOf,
  headingId: titleId,
}: {
  ref: Ref<HTMLDivElement>;
  entries: SummaryEntry[];
  texts: UiTexts;
  idOf: (path: string) => string;
  headingId: string;
}) {
  function jump(event: MouseEvent<HTMLAnchorElement>, target: string) {
    // Focus the control itself (a fragment link would only scroll) and keep the URL as it is.
    event.preventDefault();
    const element = document.getElementById(target);
    element?.focus();
    element?.scrollIntoView({ block: "center" });
  }
  return (
    <div ref={ref} tabIndex={-1} role="group" className="content-form__summary" aria-labelledby={titleId} data-incomplete="true">
      <p id={titleId} className="content-form__summary-title">
        {texts.formIncomplete}
      </p>
      <p>{texts.incomplete}</p>
      <ul>
        {entries.map((entry) => {
          const label = entry.field?.messageName;
          const text = label && !entry.text.includes(label) ? `${label}: ${entry.text}` : entry.text;
          if (!entry.field) return <li key={entry.path}>{text}</li>;
          const target = focusIdOf(entry.field, idOf);
          return (
            <li key={entry.path}>
              <a href={`#${target}`} onClick={(event) => jump(event, target)}>
                {text}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function SendAlert({ ref, alert, texts, onRetry }: { ref: Ref<HTMLDivElement>; alert: FormAlert; texts: UiTexts; onRetry: () => void }) {
  return (
    <div ref={ref} tabIndex={-1} role="alert" className="content-form__alert" data-alert={alert.kind}>
      {alert.kind === "refused" ? (
        <p>{alert.message}</p>
      ) : (
        <>
          <p>
            {texts.loadError} {texts.sendError}
          </p>
          <button type="button" className="button button--secondary button--medium" onClick={onRetry}>
            {texts.retry}
          </button>
        </>
      )}
    </div>
  );
}
