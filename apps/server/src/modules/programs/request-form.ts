import { z } from 'zod';
import {
  FAMILIES,
  type FieldSpec,
  isProgramName,
  programDefinition,
  PROGRAMS,
  type RequestFormField,
  type RequestFormReply,
  requestFormOf,
  requestFormSpecOf,
} from '@nlims/contracts';
import { CATALOGUE_LANGUAGES, catalogue } from '@nlims/i18n';
import { ValidationError } from '../../core/errors.js';

/**
 * A programme's request form for the API (contracts request-forms.ts): the
 * declaration, labelled in the caller's language from the product's one catalogue of words
 * (@nlims/i18n) (the same words the order form shows), and the JSON Schema the
 * server validates with.
 */

const LANGUAGES = CATALOGUE_LANGUAGES;
const catalog = catalogue;

/** The language to answer in: `?lang=`, else the first supported of Accept-Language, else English. */
export function negotiateLanguage(asked: string | undefined, acceptLanguage: string | undefined): string {
  const candidates = [
    ...(asked ? [asked] : []),
    ...(acceptLanguage ?? '')
      .split(',')
      .map((part) => {
        const [tag = '', ...params] = part.trim().split(';');
        const q = Number(
          params
            .find((p) => p.trim().startsWith('q='))
            ?.trim()
            .slice(2) ?? 1,
        );
        return { tag: tag.trim().toLowerCase(), q: Number.isFinite(q) ? q : 0 };
      })
      .filter((c) => c.tag && c.q > 0)
      .sort((a, b) => b.q - a.q)
      .map((c) => c.tag),
  ];
  for (const tag of candidates) {
    const base = tag.toLowerCase().split('-')[0]!;
    if (LANGUAGES.includes(base)) return base;
  }
  return 'en';
}

const schemas = new Map<string, Record<string, unknown>>();
function jsonSchemaOf(program: string): Record<string, unknown> {
  let schema = schemas.get(program);
  if (!schema) {
    const { $schema: _, ...rest } = z.toJSONSchema(requestFormOf(program), { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    schema = rest;
    schemas.set(program, schema);
  }
  return schema;
}

/**
 * What the OpenAPI document says of an order's `form` on a wire form: the request form of each programme it serves
 * (`anyOf`, by `program`), or the one programme's fields; a programme without a form takes none.
 */
export function describeRequestForms(programs: readonly string[]): Record<string, unknown> {
  const description = `The programme's request form (GET /api/request_form/?program=… describes it field by field): ${programs.join(', ')}.`;
  if (programs.length > 1) return { description, anyOf: programs.map((program) => ({ title: program, ...jsonSchemaOf(program) })) };
  const schema = jsonSchemaOf(programs[0]!) as { properties?: Record<string, unknown>; required?: string[] };
  const properties = Object.keys(schema.properties ?? {}).length ? schema.properties : undefined;
  return {
    description,
    ...(properties ? { properties } : { maxProperties: 0 }),
    ...(schema.required?.length ? { required: schema.required } : {}),
  };
}

export function requestForm(program: string, language: string): RequestFormReply {
  if (!isProgramName(program)) throw ValidationError.field('program', `Unknown programme "${program.slice(0, 100)}". Choose one of: ${PROGRAMS.join(', ')}.`);
  const definition = programDefinition(program)!;
  const spec = requestFormSpecOf(program);
  const base = {
    program,
    wire_form: FAMILIES[definition.family].form,
    language,
    json_schema: jsonSchemaOf(program),
  };
  if (!spec) return { ...base, declared: false, sections: [], fields: [] };
  const words = catalog(language, spec.namespace);
  const english = catalog('en', spec.namespace);
  // A catalog's word for a key only where it translates this very English text (another programme may word it differently).
  const say = (key: string, text: string) => (english[key] === undefined || english[key] === text ? (words[key] ?? text) : text);
  const field = (f: FieldSpec): RequestFormField => {
    const common = {
      name: f.name,
      label: say(`field.${f.name}`, f.label),
      section: f.section,
      kind: f.kind,
      required: !!f.required,
      when: f.when ? { field: f.when.field, in: [...f.when.in] } : null,
      hint: f.hint ? say(`hint.${f.name}`, f.hint) : null,
    };
    switch (f.kind) {
      case 'choice':
      case 'choices':
        return {
          ...common,
          choices: f.choices.map((c) => ({ value: c.value, label: say(`choice.${f.name}.${c.value}`, c.label) })),
          ...(f.kind === 'choice' && f.display ? { display: f.display } : {}),
        };
      case 'text':
        return { ...common, max: f.max, ...(f.pattern ? { pattern: { ...f.pattern } } : {}) };
      case 'number':
        return { ...common, min: f.min, max: f.max, integer: !!f.integer, ...(f.unit ? { unit: f.unit } : {}) };
      default:
        return common;
    }
  };
  return {
    ...base,
    declared: true,
    sections: spec.sections.map((s) => ({ key: s.key, title: say(`section.${s.key}`, s.title) })),
    fields: spec.fields.map(field),
  };
}
