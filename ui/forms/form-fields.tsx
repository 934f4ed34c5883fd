import { createContext, useContext, type ReactNode } from "react";
import { SiteLink } from "#ui/site-link.tsx";
import { Options, type Choice } from "#ui/forms/options.tsx";
import { HONEYPOT_FIELD } from "#domain/lead-vocabulary.ts";

/**
 * Labelled, accessible form fields for the lead forms (WCAG 3.3.1/3.3.2/1.3.5):
 * every field has a visible label, required fields say so, an error is tied to its field with
 * aria-describedby and aria-invalid. Inputs are uncontrolled: without JavaScript the browser posts
 * them as they are; the server's answer refills them through `values`.
 */

export interface FieldState {
  /** The form's id prefix for field ids. */
  idPrefix: string;
  errorOf(name: string): string | undefined;
  /** Values the server got back (plain post) to refill the form with. */
  valueOf(name: string): string | string[] | undefined;
}

export const FieldStateContext = createContext<FieldState>({ idPrefix: "form", errorOf: () => undefined, valueOf: () => undefined });

export function fieldId(idPrefix: string, name: string): string {
  return `${idPrefix}-${name}`;
}

/**
 * A field's id, error and refill value, and `control`: the attributes that name its control and
 * tie it to its help and error text.
 */
function useField(name: string, help?: ReactNode) {
  const state = useContext(FieldStateContext);
  const id = fieldId(state.idPrefix, name);
  const error = state.errorOf(name);
  const value = state.valueOf(name);
  const control = { id, name, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy(id, help, error) };
  return { id, error, value, control };
}

function describedBy(id: string, help: ReactNode | undefined, error: string | undefined): string | undefined {
  return [help ? `${id}-help` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
}

function Label({ htmlFor, label, required }: { htmlFor: string; label: ReactNode; required: boolean | undefined }) {
  return (
    <label htmlFor={htmlFor}>
      {label}
      {required ? <span aria-hidden="true"> *</span> : <span className="lead-form__optional"> (optional)</span>}
    </label>
  );
}

function HelpAndError({ id, help, error }: { id: string; help?: ReactNode; error: string | undefined }) {
  return (
    <>
      {help ? (
        <p id={`${id}-help`} className="lead-form__help">
          {help}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="lead-form__error">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** What every labelled field takes. */
interface FieldProps {
  name: string;
  label: string;
  required?: boolean;
  help?: ReactNode;
}

/** The attributes that name a field's control, tie it to its help and error text and mark it required. */
type ControlProps = ReturnType<typeof useField>["control"] & { required: boolean | undefined };

/**
 * A labelled field: the label (marked required or optional), the control `children` renders with
 * its attributes and the server's refill value, then help and error.
 */
function Field({
  field: { name, label, required, help },
  className = "lead-form__field",
  children,
}: {
  field: FieldProps;
  className?: string | undefined;
  children: (control: ControlProps, value: string | undefined) => ReactNode;
}) {
  const { id, error, value, control } = useField(name, help);
  return (
    <div className={className}>
      <Label htmlFor={id} label={label} required={required} />
      {children({ ...control, required }, typeof value === "string" ? value : undefined)}
      <HelpAndError id={id} help={help} error={error} />
    </div>
  );
}

interface TextFieldProps extends FieldProps {
  type?: "text" | "email" | "tel" | "date" | "month" | "number";
  autoComplete?: string;
  inputMode?: "numeric" | "tel" | "email" | "text";
  min?: string | undefined;
  max?: string | undefined;
  placeholder?: string;
  maxLength?: number;
  /** Decoration in front of the input (the blue EU strip of a licence plate); hidden from assistive technology. */
  prefix?: ReactNode;
  className?: string;
  /** Prefill when the server has no value of its own (e.g. the plate from the licence-plate block). */
  defaultValue?: string | undefined;
}

export function TextField({ name, label, type = "text", required, help, prefix, className, defaultValue, ...attributes }: TextFieldProps) {
  return (
    <Field field={{ name, label, required, help }} className={className ? `lead-form__field ${className}` : undefined}>
      {(control, value) => {
        const input = <input {...control} type={type} {...attributes} defaultValue={value ?? defaultValue} />;
        return prefix ? (
          <div className="lead-form__affixed">
            <span className="lead-form__prefix" aria-hidden="true">
              {prefix}
            </span>
            {input}
          </div>
        ) : (
          input
        );
      }}
    </Field>
  );
}

export function TextArea({ maxLength = 2000, ...field }: FieldProps & { maxLength?: number }) {
  return <Field field={field}>{(control, value) => <textarea {...control} rows={5} maxLength={maxLength} defaultValue={value} />}</Field>;
}

export function SelectField({
  options,
  placeholder = "Bitte wählen",
  defaultValue,
  ...field
}: FieldProps & { options: Choice[]; placeholder?: string; defaultValue?: string }) {
  return (
    <Field field={field}>
      {(control, value) => (
        <select {...control} defaultValue={value ?? defaultValue ?? ""}>
          <Options empty={placeholder} choices={options} />
        </select>
      )}
    </Field>
  );
}

/** Radio buttons or checkboxes in a fieldset whose legend names the question. */
export function ChoiceGroup({
  name,
  legend,
  options,
  type,
  required,
  defaultValue,
  help,
}: {
  name: string;
  legend: string;
  options: Choice[];
  type: "radio" | "checkbox";
  required?: boolean;
  defaultValue?: string | string[];
  help?: ReactNode;
}) {
  const { id, error, value } = useField(name);
  const chosen = new Set(value === undefined ? (defaultValue === undefined ? [] : [defaultValue].flat()) : [value].flat());
  return (
    <fieldset
      className="lead-form__field lead-form__choices"
      aria-describedby={describedBy(id, help, error)}
      aria-invalid={error ? true : undefined}
      id={id}
      tabIndex={-1}
    >
      <legend>
        {legend}
        {required ? <span aria-hidden="true"> *</span> : null}
      </legend>
      {options.map((option) => (
        <div key={option.value} className="lead-form__choice">
          <input
            type={type}
            id={`${id}-${option.value}`}
            name={name}
            value={option.value}
            defaultChecked={chosen.has(option.value)}
            required={required && type === "radio" ? true : undefined}
          />
          <label htmlFor={`${id}-${option.value}`}>{option.label}</label>
        </div>
      ))}
      <HelpAndError id={id} help={help} error={error} />
    </fieldset>
  );
}

/** A single checkbox (posted as "on"), e.g. the privacy consent. */
export function CheckboxField({ name, label, required }: { name: string; label: ReactNode; required?: boolean }) {
  const { id, error, value, control } = useField(name);
  return (
    <div className="lead-form__field lead-form__checkbox">
      <input type="checkbox" {...control} required={required} defaultChecked={value === "on" || value === "true"} />
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <HelpAndError id={id} error={error} />
    </div>
  );
}

/** The consent every lead form asks for (DSGVO Art. 6 (1) a/b), with the link to the privacy policy. */
export function PrivacyConsent() {
  return (
    <CheckboxField
      name="privacyAccepted"
      required
      label={
        <>
          Ich bin einverstanden, dass die Autohaus Gruppe Nord meine Angaben zur Bearbeitung meiner Anfrage verarbeitet und mich dazu
          kontaktiert. Details in der <SiteLink to="/datenschutz">Datenschutzerklärung</SiteLink>; die Einwilligung kann ich jederzeit
          widerrufen.
        </>
      }
    />
  );
}

/**
 * The honeypot: a field people never see or reach (hidden from assistive technology and the tab
 * order) that form-filling bots tend to complete. The server drops leads that carry it.
 */
export function Honeypot() {
  return (
    <div className="lead-form__hp" aria-hidden="true">
      <label htmlFor={`hp-${HONEYPOT_FIELD}`}>Bitte dieses Feld leer lassen</label>
      <input id={`hp-${HONEYPOT_FIELD}`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

export function FieldRow({ children }: { children: ReactNode }) {
  return <div className="lead-form__row">{children}</div>;
}
