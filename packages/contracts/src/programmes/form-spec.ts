import { z } from 'zod';
import type { CodedChoice } from './types.js';

/**
 * Request forms as data. A programme's request form (the `form` an order
 * carries: EID infant and mother, viral-load ART history, a public-health
 * case investigation) is a list of fields declared once here; the server
 * validates with the schema `formSchema` derives from it, the order form
 * renders it field by field, and the printed report lists it with
 * `formLines`. A field shown only when another field has some value (`when`)
 * is required only then and refused otherwise, so a stored form never holds
 * an answer to a question that was not asked.
 */

/** Show (and accept) a field only when another field holds one of these values (a multi-choice field: contains one). */
export interface FieldCondition {
  field: string;
  in: readonly (string | boolean)[];
}

interface FieldBase {
  name: string;
  /** English label; the web translates it as `<namespace>:field.<name>`. */
  label: string;
  /** The key of the spec's section (card) the field is shown in. */
  section: string;
  required?: boolean;
  when?: FieldCondition;
  /** A hint under the input (English; `<namespace>:hint.<name>`). */
  hint?: string;
  /** What an unanswered field is stored as (default null; a checklist: none chosen). */
  default?: string | boolean | null;
  /**
   * The form's own words for its cross-field rules (English; `<namespace>:message.<name>.required|notAsked`):
   * when the field is required but unanswered, and when it is answered though its condition does not hold.
   */
  messages?: { required?: string; notAsked?: string };
}

export type FieldSpec =
  | (FieldBase & { kind: 'choice'; choices: readonly CodedChoice[]; display?: 'radio' | 'select' })
  | (FieldBase & { kind: 'choices'; choices: readonly CodedChoice[] })
  | (FieldBase & { kind: 'text'; max: number; pattern?: { source: string; example: string } })
  | (FieldBase & { kind: 'date' })
  | (FieldBase & { kind: 'number'; min: number; max: number; integer?: boolean; unit?: string })
  | (FieldBase & { kind: 'boolean'; display?: 'radio' | 'checkbox' });

export interface FormSpec {
  /** The i18n namespace that translates its labels (`field.<name>`, `section.<key>`, `hint.<name>`) and choices (`choice.<field>.<value>`). */
  namespace: string;
  /** The cards of the form, in order: a key and an English title. */
  sections: readonly { key: string; title: string }[];
  fields: readonly FieldSpec[];
}

export const REQUIRED = 'This field is required.';
const NOT_NULL = 'This field may not be null.';
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Today in Nigeria (UTC+1) as YYYY-MM-DD: a date on a request form may not be later. */
export const todayInNigeria = (now = new Date()): string => new Date(now.getTime() + 3_600_000).toISOString().slice(0, 10);

const isRealDate = (s: string) => {
  if (!ISO_DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

function fieldSchema(f: FieldSpec): z.ZodType {
  const typed = (expected: string) => ({
    error: (issue: { input?: unknown }) => (issue.input === undefined ? REQUIRED : issue.input === null ? NOT_NULL : expected),
  });
  switch (f.kind) {
    case 'choice': {
      const values = f.choices.map((c) => c.value) as [string, ...string[]];
      return z.enum(values, {
        error: (issue) =>
          issue.input === undefined ? REQUIRED : issue.input === null ? NOT_NULL : `"${String(issue.input).slice(0, 100)}" is not a valid choice.`,
      });
    }
    case 'choices': {
      const values = f.choices.map((c) => c.value) as [string, ...string[]];
      return z
        .array(z.enum(values, { error: (issue) => `"${String(issue.input).slice(0, 100)}" is not a valid choice.` }), typed('Expected a list of items.'))
        .max(values.length)
        .refine((list) => new Set(list).size === list.length, 'Choose each item once.');
    }
    case 'text': {
      let s = z.string(typed('Not a valid string.')).trim().max(f.max, `Ensure this field has no more than ${f.max} characters.`);
      if (f.pattern) s = s.regex(new RegExp(f.pattern.source), `Enter it as ${f.pattern.example}.`);
      return s;
    }
    case 'date':
      return z
        .string(typed('Enter a date as YYYY-MM-DD.'))
        .refine(isRealDate, 'Enter a date as YYYY-MM-DD.')
        .refine((d) => d <= todayInNigeria(), 'This date is in the future.');
    case 'number': {
      let n = z.number(typed('A valid number is required.')).finite('A valid number is required.');
      if (f.integer) n = n.int('A valid integer is required.');
      return n.min(f.min, `Ensure this value is greater than or equal to ${f.min}.`).max(f.max, `Ensure this value is less than or equal to ${f.max}.`);
    }
    case 'boolean':
      return z.boolean(typed('Must be a valid boolean.'));
  }
}

/** Is an answer given? (An empty text, list or null is no answer.) */
export const answered = (v: unknown): boolean => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

/** Does the condition hold for these answers? */
export function conditionHolds(c: FieldCondition | undefined, form: Readonly<Record<string, unknown>>): boolean {
  if (!c) return true;
  const v = form[c.field];
  return Array.isArray(v) ? v.some((x) => c.in.includes(x)) : c.in.includes(v as string | boolean);
}

/** A field is asked when its condition holds and the field its condition reads is itself asked. */
export function fieldAsked(spec: FormSpec, name: string, form: Readonly<Record<string, unknown>>, depth = 0): boolean {
  const f = spec.fields.find((x) => x.name === name);
  if (!f || depth > spec.fields.length) return false;
  if (!f.when) return true;
  return fieldAsked(spec, f.when.field, form, depth + 1) && conditionHolds(f.when, form);
}

const labelOf = (spec: FormSpec, name: string) => spec.fields.find((f) => f.name === name)?.label ?? name;
const choiceLabel = (f: FieldSpec, v: unknown) =>
  f.kind === 'choice' || f.kind === 'choices' ? (f.choices.find((c) => c.value === v)?.label ?? String(v)) : String(v);

/**
 * The zod schema of a form spec: a strict object whose fields are optional
 * on the wire (an absent optional answer is stored as null, an absent list
 * as []), required when the spec says so and the field is asked, and refused
 * when the field is not asked.
 */
export function formSchema(spec: FormSpec) {
  const shape: Record<string, z.ZodType> = {};
  for (const f of spec.fields) {
    const base = fieldSchema(f);
    shape[f.name] =
      f.kind === 'choices'
        ? base.optional().default([])
        : base
            .nullable()
            .optional()
            .default(f.default ?? null);
  }
  return z
    .object(shape)
    .strict()
    .superRefine((form, ctx) => {
      for (const f of spec.fields) {
        const asked = fieldAsked(spec, f.name, form);
        const v = form[f.name];
        if (asked && f.required && !answered(v)) ctx.addIssue({ code: 'custom', path: [f.name], message: f.messages?.required ?? REQUIRED });
        if (!asked && answered(v) && f.when?.field && f.messages?.notAsked) ctx.addIssue({ code: 'custom', path: [f.name], message: f.messages.notAsked });
        else if (!asked && answered(v) && f.when) {
          const on = spec.fields.find((x) => x.name === f.when!.field);
          const values = f.when.in.map((x) => (typeof x === 'boolean' ? (x ? 'Yes' : 'No') : on ? choiceLabel(on, x) : String(x)));
          ctx.addIssue({
            code: 'custom',
            path: [f.name],
            message: `Answer this only when "${labelOf(spec, f.when.field)}" is ${values.join(' or ')}.`,
          });
        }
      }
    });
}

/** A stored value as the report prints it (English): the choice's label, Yes/No, a date as DD/MM/YYYY. */
export function answerText(f: FieldSpec, v: unknown): string {
  if (!answered(v)) return '';
  if (f.kind === 'choices') return (v as string[]).map((x) => choiceLabel(f, x)).join(', ');
  if (f.kind === 'choice') return choiceLabel(f, v);
  if (f.kind === 'boolean') return v ? 'Yes' : 'No';
  if (f.kind === 'date') {
    const [y, m, d] = String(v).split('-');
    return `${d}/${m}/${y}`;
  }
  if (f.kind === 'number' && f.unit) return `${v} ${f.unit}`;
  return String(v);
}

/** The answered fields of a stored form as labelled lines, for the printed report. */
export function formLines(spec: FormSpec, form: Readonly<Record<string, unknown>>): [string, string][] {
  return spec.fields.filter((f) => answered(form[f.name])).map((f) => [f.label, answerText(f, form[f.name])]);
}

/** The sections of a spec, in order, each with its fields (a section without fields is left out). */
export function formSections(spec: FormSpec): { key: string; title: string; fields: FieldSpec[] }[] {
  return spec.sections.map((s) => ({ ...s, fields: spec.fields.filter((f) => f.section === s.key) })).filter((s) => s.fields.length > 0);
}
