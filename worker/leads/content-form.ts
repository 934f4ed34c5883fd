import { EmbedFormSchema } from "#content/block-schemas.ts";
import { validateFormSubmission } from "#domain/form-validation/validate.ts";
import { CONTENT_FORM_UNKNOWN } from "#domain/lead-outcome.ts";
import type { LeadSubmission } from "#domain/lead-schemas.ts";
import { createContentService } from "../content/content-service.ts";

type ContentFormLead = Extract<LeadSubmission, { kind: "content_form" }>;

export type ContentFormCheck =
  | { ok: true; fields: Record<string, string | boolean | string[]> }
  | { ok: false; fieldErrors: Record<string, string> }
  | { ok: false; unavailable: true };

/**
 * Editor-defined forms (embed_form blocks): the worker is the authority, so the form's
 * definition is read from the published page the lead names (`pageSlug`, `blockUid`, `formId`)
 * and the fields are checked by the validation engine (domain/form-validation). What is stored
 * are the engine's normalised values: unknown fields are dropped.
 */
export async function checkContentForm(
  env: Env,
  lead: ContentFormLead,
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<ContentFormCheck> {
  let root: unknown;
  try {
    root = (await createContentService(env, { waitUntil }).content.getPage(lead.pageSlug.toLowerCase()))?.content;
  } catch (error) {
    console.warn(
      `content form ${lead.formId}: page ${lead.pageSlug} unreadable: ${error instanceof Error ? error.message : String(error)}`,
    );
    return { ok: false, unavailable: true };
  }
  const form = EmbedFormSchema.safeParse(findBlock(root, lead.blockUid));
  if (!form.success || form.data.form_id !== lead.formId || form.data.fields_problems.length > 0)
    return { ok: false, fieldErrors: { form: CONTENT_FORM_UNKNOWN } };
  const result = validateFormSubmission(form.data.fields, lead.fields, form.data.locale ? { locale: form.data.locale } : {});
  return result.ok ? { ok: true, fields: result.values } : { ok: false, fieldErrors: result.fieldErrors };
}

/** The block with this `_uid` anywhere in a page's block tree. */
function findBlock(node: unknown, uid: string): unknown {
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = findBlock(child, uid);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (typeof node !== "object" || node === null) return undefined;
  if (Object.hasOwn(node, "_uid") && (node as { _uid: unknown })._uid === uid && Object.hasOwn(node, "component")) return node;
  return findBlock(Object.values(node), uid);
}
