import { useCallback, useEffect, useMemo, useReducer, useRef } from "react";
import { initialValues, type FormField, type FormModel } from "#domain/form-validation/form-model.ts";
import type { FieldValue } from "#domain/form-validation/rules.ts";
import { hasBlockingMessages, validateField, validateForm, type FieldMessage } from "#domain/form-validation/validate.ts";
import type { SubmitOutcome } from "./form-submit.ts";

/**
 * The state of a content form in the browser, on the validation engine
 * (domain/form-validation): FormKit's timing and visibility rules for a React form.
 *
 * - A keystroke makes the field *unsettled*; `delay` ms later (FormKit's default 20) its value is
 *   validated, after the longest `(n)` debounce of its rules, during which it is *validating*.
 * - Messages show after the field was left (blur), for boxes as soon as they changed (dirty), and
 *   for every field once a submit was tried (spec section 5).
 * - Submitting with a blocking message makes the form *incomplete*; the summary goes away as soon as
 *   nothing blocks any more (FormKit removes `incomplete` on `settled:blocking`).
 * - The form is *submitting*, then *submitted* (thank-you), *errored* (network, 5xx, refusal) or,
 *   after the reset button, *reset* until the next input.
 */

export type FormStatus = "editing" | "incomplete" | "submitting" | "submitted" | "errored" | "reset";
export type FieldPhase = "settled" | "unsettled" | "validating";
export type FormAlert = { kind: "error" } | { kind: "refused"; message: string };

interface FormState {
  /** What the inputs show. */
  values: Map<string, FieldValue>;
  /** What validation has seen (values after their delay and debounce). */
  committed: Map<string, FieldValue>;
  /** Fields whose messages show (left or, for boxes, changed). */
  visible: Set<string>;
  phases: Map<string, Exclude<FieldPhase, "settled">>;
  submitAttempted: boolean;
  status: FormStatus;
  /** The lead pipeline's 422 messages, until the field changes. */
  serverErrors: Map<string, string>;
  alert: FormAlert | null;
}

type Action =
  | { type: "input"; path: string; value: FieldValue }
  | { type: "phase"; path: string; phase: "validating" }
  | { type: "commit"; path: string }
  | { type: "show"; path: string }
  | { type: "submit"; status: "incomplete" | "submitting" }
  | { type: "outcome"; outcome: SubmitOutcome }
  | { type: "settled" }
  | { type: "reset"; values: Map<string, FieldValue> };

function startState(values: Map<string, FieldValue>, status: FormStatus): FormState {
  return {
    values,
    committed: new Map(values),
    visible: new Set(),
    phases: new Map(),
    submitAttempted: false,
    status,
    serverErrors: new Map(),
    alert: null,
  };
}

function without<K, V>(map: ReadonlyMap<K, V>, key: K): Map<K, V> {
  const next = new Map(map);
  next.delete(key);
  return next;
}

function reduce(state: FormState, action: Action): FormState {
  switch (action.type) {
    case "input":
      return {
        ...state,
        values: new Map(state.values).set(action.path, action.value),
        phases: new Map(state.phases).set(action.path, "unsettled"),
        serverErrors: without(state.serverErrors, action.path),
        status: state.status === "reset" ? "editing" : state.status,
      };
    case "phase":
      return { ...state, phases: new Map(state.phases).set(action.path, action.phase) };
    case "commit":
      return {
        ...state,
        committed: new Map(state.committed).set(action.path, state.values.get(action.path)),
        phases: without(state.phases, action.path),
      };
    case "show":
      return state.visible.has(action.path) ? state : { ...state, visible: new Set(state.visible).add(action.path) };
    case "submit":
      return {
        ...state,
        committed: new Map(state.values),
        phases: new Map(),
        submitAttempted: true,
        status: action.status,
        alert: null,
        serverErrors: action.status === "submitting" ? new Map() : state.serverErrors,
      };
    case "outcome":
      return outcomeState(state, action.outcome);
    case "settled":
      return state.status === "incomplete" ? { ...state, status: "editing" } : state;
    case "reset":
      return startState(action.values, "reset");
  }
}

function outcomeState(state: FormState, outcome: SubmitOutcome): FormState {
  switch (outcome.kind) {
    case "accepted":
      return { ...state, status: "submitted" };
    case "invalid":
      return { ...state, status: "incomplete", serverErrors: outcome.fieldErrors };
    case "refused":
      return { ...state, status: "errored", alert: { kind: "refused", message: outcome.message } };
    case "error":
      return { ...state, status: "errored", alert: { kind: "error" } };
  }
}

/** A server message's key as a field path: the pipeline may answer `contact.email` or `fields.contact.email`. */
function fieldPathOf(model: FormModel, key: string): string {
  const unprefixed = key.startsWith("fields.") ? key.slice("fields.".length) : key;
  return !model.byPath.has(key) && model.byPath.has(unprefixed) ? unprefixed : key;
}

/** FormKit's default `delay`. */
const DEFAULT_DELAY_MS = 20;

/** A field's messages and what the summary lists. */
export interface SummaryEntry {
  path: string;
  field: FormField | undefined;
  text: string;
}

export function useContentForm(model: FormModel, send: (values: ReadonlyMap<string, FieldValue>) => Promise<SubmitOutcome>) {
  const [state, dispatch] = useReducer(reduce, model, (initialModel) => startState(initialValues(initialModel), "editing"));
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  // A double click arrives before React re-renders: the ref, not the state, knows a send is under way.
  const sending = useRef(false);
  const latest = useRef(state);
  latest.current = state;

  const results = useMemo(() => validateForm(model, state.committed), [model, state.committed]);
  const blocking = hasBlockingMessages(results) || state.serverErrors.size > 0;

  useEffect(() => {
    if (state.status === "incomplete" && !blocking) dispatch({ type: "settled" });
  }, [state.status, blocking]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const clearTimer = useCallback((path: string) => {
    const timer = timers.current.get(path);
    if (timer !== undefined) clearTimeout(timer);
    timers.current.delete(path);
  }, []);

  const schedule = useCallback(
    (path: string, milliseconds: number, run: () => void) => {
      clearTimer(path);
      timers.current.set(
        path,
        setTimeout(() => {
          timers.current.delete(path);
          run();
        }, milliseconds),
      );
    },
    [clearTimer],
  );

  /** Validates the field now, or after the debounce of the rules that will run. */
  const validateNow = useCallback(
    (field: FormField) => {
      const values = new Map(latest.current.values);
      const { debounce } = validateField(model, field, values);
      if (debounce === 0) {
        clearTimer(field.path);
        dispatch({ type: "commit", path: field.path });
        return;
      }
      dispatch({ type: "phase", path: field.path, phase: "validating" });
      schedule(field.path, debounce, () => dispatch({ type: "commit", path: field.path }));
    },
    [model, clearTimer, schedule],
  );

  const input = useCallback(
    (field: FormField, value: FieldValue, options: { dirty?: boolean } = {}) => {
      dispatch({ type: "input", path: field.path, value });
      latest.current = { ...latest.current, values: new Map(latest.current.values).set(field.path, value) };
      if (options.dirty) dispatch({ type: "show", path: field.path });
      schedule(field.path, field.node.delay ?? DEFAULT_DELAY_MS, () => validateNow(field));
    },
    [schedule, validateNow],
  );

  const blur = useCallback(
    (field: FormField) => {
      dispatch({ type: "show", path: field.path });
      if (latest.current.phases.get(field.path) === "unsettled") validateNow(field);
    },
    [validateNow],
  );

  /** Validates everything at once; sends when nothing blocks. Returns what happened for focus. */
  const submit = useCallback(async (): Promise<FormStatus> => {
    const current = latest.current;
    if (sending.current) return "submitting";
    timers.current.forEach((timer) => clearTimeout(timer));
    timers.current.clear();
    if (hasBlockingMessages(validateForm(model, current.values))) {
      dispatch({ type: "submit", status: "incomplete" });
      return "incomplete";
    }
    dispatch({ type: "submit", status: "submitting" });
    sending.current = true;
    const sent = await send(current.values).finally(() => {
      sending.current = false;
    });
    const outcome =
      sent.kind === "invalid"
        ? { ...sent, fieldErrors: new Map([...sent.fieldErrors].map(([key, text]) => [fieldPathOf(model, key), text])) }
        : sent;
    dispatch({ type: "outcome", outcome });
    return outcomeState(current, outcome).status;
  }, [model, send]);

  const reset = useCallback(() => {
    timers.current.forEach((timer) => clearTimeout(timer));
    timers.current.clear();
    dispatch({ type: "reset", values: initialValues(model) });
  }, [model]);

  /** Visible messages of a field: the server's, else the engine's once the field may show them. */
  const messagesOf = (path: string): FieldMessage[] => {
    const server = state.serverErrors.get(path);
    if (server !== undefined) return [{ rule: "server", text: server, blocking: true }];
    if (!state.visible.has(path) && !state.submitAttempted) return [];
    return results.get(path)?.messages ?? [];
  };

  /** The incomplete summary: each field's first blocking message, in form order, then server messages for unknown paths. */
  const summary: SummaryEntry[] = [
    ...model.fields.flatMap((field) => {
      const text = messagesOf(field.path).find((message) => message.blocking)?.text;
      return text === undefined ? [] : [{ path: field.path, field, text }];
    }),
    ...[...state.serverErrors].filter(([path]) => !model.byPath.has(path)).map(([path, text]) => ({ path, field: undefined, text })),
  ];

  const phaseOf = (path: string): FieldPhase => state.phases.get(path) ?? "settled";
  const failing = (path: string) => (results.get(path)?.messages.length ?? 0) > 0 || state.serverErrors.has(path);

  return { state, messagesOf, summary, phaseOf, failing, input, blur, submit, reset };
}
