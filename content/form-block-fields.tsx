import type { FocusEvent, ReactNode } from "react";
import { isRequiredField, nodePath, type FormField, type FormModel } from "#domain/form-validation/form-model.ts";
import { isOptionGroup, type FormNode, type FormOption, type FormOptionGroup } from "#domain/form-validation/form-node.ts";
import type { UiTexts } from "#domain/form-validation/messages.ts";
import type { FieldValue } from "#domain/form-validation/rules.ts";
import type { FieldMessage } from "#domain/form-validation/validate.ts";
import type { FieldPhase } from "./form-state.ts";

/**
 * The controls of a content form, one per field type (spec section 3: text, autocomplete, checkbox,
 * toggle, radio; plus email, tel, number, url, date, textarea, select), groups and lists as
 * fieldsets. Every control works as a plain HTML form: names are `fields.` + the field's dotted path
 * (so no field can clash with the hidden lead data), a box posts "true", a checkbox list repeats
 * its name. Labels, help and messages are tied to the control
 * (aria-describedby); the field's state shows in data attributes for tests and styling.
 */

export interface FieldBindings {
  model: FormModel;
  texts: UiTexts;
  /** Stable id of a field's control (the summary links to it). */
  idOf: (path: string) => string;
  valueOf: (path: string) => FieldValue;
  messagesOf: (path: string) => FieldMessage[];
  phaseOf: (path: string) => FieldPhase;
  failing: (path: string) => boolean;
  onInput: (field: FormField, value: FieldValue, options?: { dirty?: boolean }) => void;
  onBlur: (field: FormField) => void;
}

/** The name a control posts under; the page action reads `fields.<path>` (domain/lead-schemas.ts formDataToLeadInput). */
export function postName(path: string): string {
  return `fields.${path}`;
}

export function FormNodes({
  nodes,
  prefix = "",
  inList = false,
  bindings,
}: {
  nodes: readonly FormNode[];
  prefix?: string;
  inList?: boolean;
  bindings: FieldBindings;
}): ReactNode {
  return nodes.map((node, index) => {
    const path = nodePath(prefix, node, index, inList);
    if (node.type !== "input") {
      return (
        <fieldset key={path} className={`content-form__group content-form__group--${node.type}`}>
          <legend>{node.label ?? node.name}</legend>
          {node.help ? <p className="content-form__help">{node.help}</p> : null}
          <FormNodes nodes={node.children ?? []} prefix={path} inList={node.type === "list"} bindings={bindings} />
        </fieldset>
      );
    }
    const field = bindings.model.byPath.get(path);
    return field ? <FieldControl key={path} field={field} bindings={bindings} /> : null;
  });
}

/** The id a summary link should focus: the control, or a group's first option. */
export function focusIdOf(field: FormField, idOf: (path: string) => string): string {
  const grouped = field.node.input === "radio" || field.kind === "choices";
  return grouped ? `${idOf(field.path)}-0` : idOf(field.path);
}

function FieldControl({ field, bindings }: { field: FormField; bindings: FieldBindings }) {
  const { node, path } = field;
  const id = bindings.idOf(path);
  const messages = bindings.messagesOf(path);
  const invalid = messages.some((message) => message.blocking);
  const describedBy = [node.help ? `${id}-help` : "", messages.length > 0 ? `${id}-messages` : ""].filter(Boolean).join(" ") || undefined;
  const required = isRequiredField(field);
  const state = {
    "data-field": path,
    "data-settled": String(bindings.phaseOf(path) === "settled"),
    "data-validating": String(bindings.phaseOf(path) === "validating"),
    "data-failing": String(bindings.failing(path)),
  };
  const label = (
    <>
      {node.label ?? node.name}
      {required ? <span aria-hidden="true"> *</span> : null}
    </>
  );
  const aria = { "aria-invalid": invalid || undefined, "aria-describedby": describedBy };
  const tail = (
    <>
      {node.help ? (
        <p id={`${id}-help`} className="content-form__help">
          {node.help}
        </p>
      ) : null}
      <Messages id={`${id}-messages`} messages={messages} />
    </>
  );
  const value = bindings.valueOf(path);

  if (field.kind === "flag") {
    const toggle = node.input === "toggle";
    return (
      <div className={`content-form__field content-form__field--${node.input}`} {...state}>
        <input
          type="checkbox"
          id={id}
          name={postName(path)}
          value="true"
          role={toggle ? "switch" : undefined}
          aria-checked={toggle ? value === true : undefined}
          checked={value === true}
          required={required}
          onChange={(event) => bindings.onInput(field, event.target.checked ? true : undefined, { dirty: true })}
          onBlur={() => bindings.onBlur(field)}
          {...aria}
        />
        <label htmlFor={id}>{label}</label>
        {tail}
      </div>
    );
  }

  if (node.input === "radio" || field.kind === "choices") {
    const multiple = field.kind === "choices";
    const chosen = (option: FormOption) => (multiple ? Array.isArray(value) && value.includes(option.value) : value === option.value);
    const change = (option: FormOption, checked: boolean) => {
      // Radios show their messages on blur like text; checkbox lists as soon as they change (spec section 5).
      if (!multiple) return bindings.onInput(field, option.value);
      const current = Array.isArray(value) ? value : [];
      const next = field.options
        .map((candidate) => candidate.value)
        .filter((candidate) => (candidate === option.value ? checked : current.includes(candidate)));
      bindings.onInput(field, next, { dirty: true });
    };
    // Leaving the group (not moving between its options) is the group's blur.
    const leave = (event: FocusEvent<HTMLInputElement>) => {
      const group = event.currentTarget.closest("fieldset");
      if (!group?.contains(event.relatedTarget as Node | null)) bindings.onBlur(field);
    };
    const renderOption = (option: FormOption) => {
      const optionId = `${id}-${field.options.findIndex((candidate) => candidate.value === option.value)}`;
      return (
        <div key={option.value} className="content-form__option">
          <input
            type={multiple ? "checkbox" : "radio"}
            id={optionId}
            name={postName(path)}
            value={option.value}
            checked={chosen(option)}
            required={!multiple && required}
            onChange={(event) => change(option, event.target.checked)}
            onBlur={leave}
            aria-invalid={invalid || undefined}
          />
          <label htmlFor={optionId}>{option.label}</label>
        </div>
      );
    };
    return (
      <fieldset
        className={`content-form__field content-form__field--${multiple ? "checkboxes" : "radio"}`}
        aria-describedby={describedBy}
        {...state}
      >
        <legend>{label}</legend>
        {(node.options ?? []).map((option) =>
          isOptionGroup(option) ? <OptionGroup key={`group-${option.group}`} group={option} render={renderOption} /> : renderOption(option),
        )}
        {tail}
      </fieldset>
    );
  }

  const text = typeof value === "string" ? value : "";
  const common = {
    id,
    name: postName(path),
    value: text,
    required,
    onBlur: () => bindings.onBlur(field),
    ...aria,
  };
  return (
    <div className={`content-form__field content-form__field--${node.input}`} {...state}>
      <label htmlFor={id}>{label}</label>
      {node.input === "textarea" ? (
        <textarea {...common} rows={5} onChange={(event) => bindings.onInput(field, event.target.value)} />
      ) : node.input === "select" ? (
        <select {...common} onChange={(event) => bindings.onInput(field, event.target.value)}>
          <option value="">{bindings.texts.choose}</option>
          {(node.options ?? []).map((option) =>
            isOptionGroup(option) ? (
              <optgroup key={`group-${option.group}`} label={option.group}>
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
            list={node.input === "autocomplete" && field.options.length > 0 ? `${id}-list` : undefined}
            autoComplete={AUTOCOMPLETE.get(node.name)}
            onChange={(event) => bindings.onInput(field, event.target.value)}
          />
          {node.input === "autocomplete" && field.options.length > 0 ? (
            <datalist id={`${id}-list`}>
              {field.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </datalist>
          ) : null}
        </>
      )}
      {tail}
    </div>
  );
}

function OptionGroup({ group, render }: { group: FormOptionGroup; render: (option: FormOption) => ReactNode }) {
  return (
    <fieldset className="content-form__option-group">
      <legend>{group.group}</legend>
      {group.options.map(render)}
    </fieldset>
  );
}

function Messages({ id, messages }: { id: string; messages: FieldMessage[] }) {
  if (messages.length === 0) return null;
  return (
    <div id={id} className="content-form__messages">
      {messages.map((message) => (
        <p key={`${message.rule}-${message.text}`} className={message.blocking ? "content-form__error" : "content-form__warning"}>
          {message.text}
        </p>
      ))}
    </div>
  );
}

/** Browser autofill for the usual contact fields (WCAG 1.3.5), by field name. */
const AUTOCOMPLETE: ReadonlyMap<string, string> = new Map([
  ["firstname", "given-name"],
  ["first_name", "given-name"],
  ["lastname", "family-name"],
  ["last_name", "family-name"],
  ["name", "name"],
  ["email", "email"],
  ["phone", "tel"],
  ["telephone", "tel"],
  ["zip", "postal-code"],
  ["postal_code", "postal-code"],
  ["city", "address-level2"],
  ["street", "street-address"],
]);
