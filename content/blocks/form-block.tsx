import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import type { EmbedFormBlock, FormNode } from "../block-schemas.ts";
import { trackEvent } from "#ui/analytics/analytics.ts";
import type { BlockProps } from "./block-props.ts";
import { BlockHeader, headingId } from "./block-parts.tsx";

/**
 * embed_form: the spec's form node structure (section 3 "Form node": name, value, type
 * input|group|list, validation, validationLabel, validationMessages, options, …; field types text,
 * autocomplete, checkbox, toggle, radio) rendered as a real, labelled form. Rules (section 5) are
 * checked on blur (on change for checkboxes); a form with errors does not submit and says
 * "Formular unvollständig." with the errors linked.
 *
 * Honest about the missing backend: no form endpoint exists yet (leads issue), so the form posts
 * nowhere. A valid submission says that the message could not be sent and names the direct ways.
 * Before hydration the submit button is disabled, so a visitor without JavaScript cannot send the
 * fields as a GET query (personal data in URLs and logs).
 */

type Values = Record<string, string | boolean>;
type Errors = Record<string, string>;

interface Field {
  node: FormNode;
  /** Dotted path: group.child */
  path: string;
}

export function EmbedFormView({ block, level, render }: BlockProps<EmbedFormBlock>) {
  const id = useId();
  const titleId = headingId(block._uid);
  const fields = flatten(block.fields);
  const [values, setValues] = useState<Values>(() => Object.fromEntries(fields.map(({ node, path }) => [path, initialValue(node)])));
  const [errors, setErrors] = useState<Errors>({});
  const [state, setState] = useState<"editing" | "incomplete" | "unsent">("editing");
  const [hydrated, setHydrated] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setHydrated(true);
    trackEvent("form_ready", { form_id: block.form_id });
  }, [block.form_id]);

  function check(path: string, value: string | boolean) {
    const field = fields.find((candidate) => candidate.path === path);
    if (!field) return;
    const message = validateField(field.node, value);
    setErrors((previous) => {
      const next = { ...previous };
      if (message) next[path] = message;
      else delete next[path];
      return next;
    });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Errors = {};
    for (const { node, path } of fields) {
      const message = validateField(node, values[path] ?? "");
      if (message) found[path] = message;
    }
    setErrors(found);
    setState(Object.keys(found).length > 0 ? "incomplete" : "unsent");
    requestAnimationFrame(() => summaryRef.current?.focus());
  }

  const fieldId = (path: string) => `${id}-${path.replace(/\./g, "-")}`;
  const renderNode = (node: FormNode, prefix: string): ReactNode => {
    const path = prefix ? `${prefix}.${node.name}` : node.name;
    if (node.type === "group" || node.type === "list") {
      return (
        <fieldset key={path} className="content-form__group">
          <legend>{node.label ?? node.name}</legend>
          {(node.children ?? []).map((child) => renderNode(child, path))}
        </fieldset>
      );
    }
    return (
      <FormField
        key={path}
        node={node}
        id={fieldId(path)}
        value={values[path] ?? ""}
        error={errors[path]}
        onChange={(value) => {
          setValues((previous) => ({ ...previous, [path]: value }));
          if (node.input === "checkbox" || node.input === "toggle" || node.input === "radio" || errors[path]) check(path, value);
        }}
        onBlur={(value) => check(path, value)}
      />
    );
  };

  const errorList = Object.entries(errors);
  return (
    <section className="block content-form" aria-labelledby={titleId}>
      <BlockHeader headline={block.headline ?? "Kontaktformular"} subline={block.subline} text={block.text} level={level} render={render} id={titleId} />
      <form noValidate onSubmit={onSubmit} aria-labelledby={titleId} data-form-id={block.form_id}>
        <p className="content-form__required-hint">Pflichtfelder sind mit * gekennzeichnet.</p>
        <div ref={summaryRef} tabIndex={-1} role={state === "editing" ? undefined : "alert"} className="content-form__summary">
          {state === "incomplete" && errorList.length > 0 ? (
            <>
              <p>Formular unvollständig. Bitte prüfen Sie folgende Angaben:</p>
              <ul>
                {errorList.map(([path, message]) => (
                  <li key={path}>
                    <a href={`#${fieldId(path)}`}>{message}</a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {state === "unsent" ? (
            <p>Es ist etwas schiefgelaufen... Ihre Nachricht konnte nicht gesendet werden, da die Formularübermittlung noch nicht angebunden ist. Bitte rufen Sie uns an oder schreiben Sie uns eine E-Mail.</p>
          ) : null}
        </div>
        {block.fields.map((node) => renderNode(node, ""))}
        <button type="submit" className="button button--primary button--medium" disabled={!hydrated}>
          {block.submit_label ?? "Absenden"}
        </button>
        {!hydrated ? <p className="content-form__js-hint">Zum Absenden wird JavaScript benötigt.</p> : null}
      </form>
    </section>
  );
}

function FormField({ node, id, value, error, onChange, onBlur }: { node: FormNode; id: string; value: string | boolean; error: string | undefined; onChange: (value: string | boolean) => void; onBlur: (value: string | boolean) => void }) {
  const required = rulesOf(node).some((rule) => rule.name === "required" || rule.name === "accepted");
  const label = (
    <>
      {node.label ?? node.name}
      {required ? <span aria-hidden="true"> *</span> : null}
    </>
  );
  const describedBy = [node.help ? `${id}-help` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  const common = { id, name: node.name, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy, required };
  const help = node.help ? (
    <p id={`${id}-help`} className="content-form__help">
      {node.help}
    </p>
  ) : null;
  const errorText = error ? (
    <p id={`${id}-error`} className="content-form__error">
      {error}
    </p>
  ) : null;

  if (node.input === "checkbox" || node.input === "toggle") {
    return (
      <div className={`content-form__field content-form__field--${node.input}`}>
        <input type="checkbox" role={node.input === "toggle" ? "switch" : undefined} {...common} checked={value === true} onChange={(event) => onChange(event.target.checked)} />
        <label htmlFor={id}>{label}</label>
        {help}
        {errorText}
      </div>
    );
  }
  const options = flatOptions(node);
  if (node.input === "radio") {
    return (
      <fieldset className="content-form__field content-form__field--radio" aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
        <legend>{label}</legend>
        {options.map((option, index) => (
          <div key={option.value} className="content-form__option">
            <input type="radio" id={`${id}-${index}`} name={node.name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} required={required} />
            <label htmlFor={`${id}-${index}`}>{option.label}</label>
          </div>
        ))}
        {help}
        {errorText}
      </fieldset>
    );
  }
  return (
    <div className="content-form__field">
      <label htmlFor={id}>{label}</label>
      {node.input === "textarea" ? (
        <textarea {...common} rows={5} value={String(value)} onChange={(event) => onChange(event.target.value)} onBlur={(event) => onBlur(event.target.value)} />
      ) : node.input === "select" ? (
        <select {...common} value={String(value)} onChange={(event) => onChange(event.target.value)} onBlur={(event) => onBlur(event.target.value)}>
          <option value="">Bitte wählen</option>
          {(node.options ?? []).map((option) =>
            "group" in option ? (
              <optgroup key={option.group} label={option.group}>
                {option.options.map((inner) => (
                  <option key={inner.value} value={inner.value}>
                    {inner.label}
                  </option>
                ))}
              </optgroup>
            ) : (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ),
          )}
        </select>
      ) : (
        <>
          <input
            {...common}
            type={node.input === "autocomplete" ? "text" : node.input}
            list={node.input === "autocomplete" && options.length > 0 ? `${id}-list` : undefined}
            autoComplete={AUTOCOMPLETE[node.name] ?? undefined}
            value={String(value)}
            onChange={(event) => onChange(event.target.value)}
            onBlur={(event) => onBlur(event.target.value)}
          />
          {node.input === "autocomplete" && options.length > 0 ? (
            <datalist id={`${id}-list`}>
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </datalist>
          ) : null}
        </>
      )}
      {help}
      {errorText}
    </div>
  );
}

/** Browser autofill for the usual contact fields (WCAG 1.3.5). */
const AUTOCOMPLETE: Record<string, string> = {
  firstname: "given-name",
  first_name: "given-name",
  lastname: "family-name",
  last_name: "family-name",
  name: "name",
  email: "email",
  phone: "tel",
  telephone: "tel",
  zip: "postal-code",
  postal_code: "postal-code",
  city: "address-level2",
  street: "street-address",
};

function flatten(nodes: FormNode[], prefix = ""): Field[] {
  return nodes.flatMap((node) => {
    const path = prefix ? `${prefix}.${node.name}` : node.name;
    return node.type === "input" ? [{ node, path }] : flatten(node.children ?? [], path);
  });
}

function initialValue(node: FormNode): string | boolean {
  if (node.input === "checkbox" || node.input === "toggle") return node.value === "true";
  return node.value ?? "";
}

function flatOptions(node: FormNode): Array<{ label: string; value: string }> {
  return (node.options ?? []).flatMap((option) => ("group" in option ? option.options : [option]));
}

interface Rule {
  name: string;
  args: string[];
}

/** FormKit-style "required|email|length:3,50". */
export function rulesOf(node: Pick<FormNode, "validation">): Rule[] {
  return (node.validation ?? "")
    .split("|")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [name = "", args = ""] = part.split(/:(.*)/s);
      return { name: name.trim(), args: args ? args.split(",").map((arg) => arg.trim()) : [] };
    });
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The first failing rule's message (German; the editor's validationMessages win), or null. */
export function validateField(node: FormNode, value: string | boolean): string | null {
  const name = node.validationLabel ?? node.label ?? node.name;
  const text = typeof value === "string" ? value.trim() : "";
  for (const rule of rulesOf(node)) {
    const message = failing(rule, value, text, name);
    if (message) return node.validationMessages?.[rule.name] ?? message;
  }
  return null;
}

function failing(rule: Rule, value: string | boolean, text: string, name: string): string | null {
  const number = Number(rule.args[0]);
  switch (rule.name) {
    case "required":
      return value === false || (typeof value === "string" && text === "") ? `${name} ist ein Pflichtfeld.` : null;
    case "accepted":
      return value === true ? null : `Bitte bestätigen Sie: ${name}.`;
    case "email":
      return text && !EMAIL.test(text) ? "Bitte geben Sie eine gültige E-Mail-Adresse ein." : null;
    case "url":
      return text && !/^https?:\/\/\S+\.\S+/.test(text) ? "Bitte geben Sie eine gültige URL ein." : null;
    case "number":
      return text && !Number.isFinite(Number(text.replace(",", "."))) ? `${name} muss eine Zahl sein.` : null;
    case "min":
      return text && Number.isFinite(number) && Number(text.replace(",", ".")) < number ? `${name} muss mindestens ${number} sein.` : null;
    case "max":
      return text && Number.isFinite(number) && Number(text.replace(",", ".")) > number ? `${name} darf höchstens ${number} sein.` : null;
    case "length": {
      const max = rule.args[1] ? Number(rule.args[1]) : Number.POSITIVE_INFINITY;
      if (!text) return null;
      if (Number.isFinite(number) && text.length < number) return `${name} muss mindestens ${number} Zeichen lang sein.`;
      return text.length > max ? `${name} darf höchstens ${max} Zeichen lang sein.` : null;
    }
    default:
      // Rules we do not check in the browser yet are left to the server (leads issue).
      return null;
  }
}
