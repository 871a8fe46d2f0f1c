import {
  CATALOGUE,
  FHIR_SYSTEMS,
  fhirSlug,
  PROGRAMS,
  questionnaireId,
  questionnaireUrl,
  type RequestFormField,
  type RequestFormReply,
  resultsCodeSystemId,
  resultsCodeSystemUrl,
} from '@nlims/contracts';
import { sql } from 'drizzle-orm';
import type {
  CodeSystem,
  Resource,
  Questionnaire,
  QuestionnaireItem,
  QuestionnaireItemEnableWhen,
  QuestionnaireResponse,
  QuestionnaireResponseItem,
  QuestionnaireResponseItemAnswer,
} from '@medplum/fhirtypes';
import { rowsOf, type Tx } from '../../core/db.js';
import { iso } from '../../core/sql-values.js';
import { requestForm } from '../programs/request-form.js';
import type { FhirReader } from './fhir.access.js';
import { fhirCode } from './fhir.resources.js';
import { FHIR_TYPES, type TypeDef } from './fhir.types.js';
import { referenceCondition, type SearchParams, token, valuesOf } from './fhir.search.js';

/**
 * The programmes' request forms as Questionnaires (`/fhir/Questionnaire/<programme>`), an order's answers as a
 * QuestionnaireResponse (`/fhir/QuestionnaireResponse/<order id>`), and the programmes' coded results as
 * CodeSystems (`/fhir/CodeSystem/<programme>-results`).
 */

const ITEM_TYPE: Record<RequestFormField['kind'], QuestionnaireItem['type']> = {
  choice: 'choice',
  choices: 'choice',
  text: 'string',
  date: 'date',
  number: 'decimal',
  boolean: 'boolean',
};

/** The computer-friendly name of a programme's form ("Viral Load" → ViralLoadRequestForm). */
const formName = (programme: string) =>
  `${fhirSlug(programme)
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('')}RequestForm`;

function enableWhen(field: RequestFormField, byName: Map<string, RequestFormField>): Pick<QuestionnaireItem, 'enableWhen' | 'enableBehavior'> {
  if (!field.when) return {};
  const source = byName.get(field.when.field);
  const conditions: QuestionnaireItemEnableWhen[] = field.when.in.map((v) => {
    if (typeof v === 'boolean' || source?.kind === 'boolean') return { question: field.when!.field, operator: '=', answerBoolean: v === true || v === 'true' };
    if (source?.kind === 'choice' || source?.kind === 'choices')
      return { question: field.when!.field, operator: '=', answerCoding: { code: fhirCode(String(v)) } };
    return { question: field.when!.field, operator: '=', answerString: String(v) };
  });
  return { enableWhen: conditions, ...(conditions.length > 1 ? { enableBehavior: 'any' as const } : {}) };
}

function questionItem(field: RequestFormField, byName: Map<string, RequestFormField>): QuestionnaireItem {
  const type = field.kind === 'number' && field.integer ? 'integer' : ITEM_TYPE[field.kind];
  return {
    linkId: field.name,
    text: field.unit ? `${field.label} (${field.unit})` : field.label,
    type,
    required: field.required,
    ...(field.kind === 'choices' ? { repeats: true } : {}),
    ...(field.choices?.length ? { answerOption: field.choices.map((c) => ({ valueCoding: { code: fhirCode(c.value), display: c.label } })) } : {}),
    ...(field.kind === 'text' && field.max ? { maxLength: field.max } : {}),
    ...enableWhen(field, byName),
  };
}

/** A programme's request form (as `request_form/` serves it) as a Questionnaire: one group per section. */
export function toQuestionnaire(form: RequestFormReply): Questionnaire {
  const byName = new Map(form.fields.map((f) => [f.name, f]));
  const groups: QuestionnaireItem[] = form.sections
    .map((section) => ({
      linkId: section.key,
      text: section.title,
      type: 'group' as const,
      item: form.fields.filter((f) => f.section === section.key).map((f) => questionItem(f, byName)),
    }))
    .filter((g) => g.item.length);
  const loose = form.fields.filter((f) => !form.sections.some((s) => s.key === f.section)).map((f) => questionItem(f, byName));
  return {
    resourceType: 'Questionnaire',
    id: questionnaireId(form.program),
    url: questionnaireUrl(form.program),
    name: formName(form.program),
    title: `${form.program} request form`,
    status: 'active',
    subjectType: ['Patient'],
    code: [{ system: FHIR_SYSTEMS.programme, code: fhirSlug(form.program), display: form.program }],
    ...(groups.length || loose.length ? { item: [...groups, ...loose] } : {}),
  };
}

export const programmeOfQuestionnaire = (id: string): string | null => PROGRAMS.find((p) => questionnaireId(p) === id) ?? null;

function answers(field: RequestFormField, value: unknown): QuestionnaireResponseItemAnswer[] {
  if (value == null || value === '' || (Array.isArray(value) && !value.length)) return [];
  const label = (v: unknown) => field.choices?.find((c) => c.value === String(v))?.label;
  const coding = (v: unknown) => ({ valueCoding: { code: fhirCode(String(v)), ...(label(v) ? { display: label(v) } : {}) } });
  switch (field.kind) {
    case 'choices':
      return (Array.isArray(value) ? value : [value]).filter((v) => String(v).trim()).map(coding);
    case 'choice':
      return String(value).trim() ? [coding(value)] : [];
    case 'boolean':
      return typeof value === 'boolean' ? [{ valueBoolean: value }] : [];
    case 'number': {
      const n = Number(value);
      if (!Number.isFinite(n)) return [];
      return field.integer && Number.isInteger(n) ? [{ valueInteger: n }] : [{ valueDecimal: n }];
    }
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(String(value)) ? [{ valueDate: String(value) }] : [{ valueString: String(value) }];
    default:
      return String(value).trim() ? [{ valueString: String(value).trim() }] : [];
  }
}

interface OrderRow {
  id: number;
  client_id: number;
  program: string;
  form: Record<string, unknown> | null;
  created_at: unknown;
  tests: number[] | null;
}

/** An order's request form as the QuestionnaireResponse of its programme's Questionnaire. */
export function toQuestionnaireResponse(order: OrderRow, form: RequestFormReply): QuestionnaireResponse {
  const values = order.form ?? {};
  const answered = (fields: RequestFormField[]): QuestionnaireResponseItem[] =>
    fields.flatMap((f) => {
      const answer = answers(f, values[f.name]);
      return answer.length ? [{ linkId: f.name, text: f.label, answer }] : [];
    });
  const groups: QuestionnaireResponseItem[] = form.sections
    .map((s) => ({ linkId: s.key, text: s.title, item: answered(form.fields.filter((f) => f.section === s.key)) }))
    .filter((g) => g.item.length);
  const loose = answered(form.fields.filter((f) => !form.sections.some((s) => s.key === f.section)));
  return {
    resourceType: 'QuestionnaireResponse',
    id: String(order.id),
    questionnaire: questionnaireUrl(order.program),
    status: 'completed',
    subject: { reference: `Patient/${order.client_id}` },
    ...(order.tests?.length ? { basedOn: order.tests.map((t) => ({ reference: `ServiceRequest/${t}` })) } : {}),
    ...(iso(order.created_at) ? { authored: iso(order.created_at)! } : {}),
    ...(groups.length || loose.length ? { item: [...groups, ...loose] } : {}),
  };
}

const orderSelect = sql`select o.id, o.client_id, p.name as program, o.form, o.created_at,
    (select json_agg(t.id order by t.id) from test_orders t where t.order_id = o.id) as tests
  from orders o join programs p on p.id = o.program_id`;

const orderScope = (r: FhirReader) => [
  sql`o.facility_id = ${r.facilityId}`,
  r.programIds.length
    ? sql`o.program_id in (${sql.join(
        r.programIds.map((n) => sql`${n}`),
        sql`, `,
      )})`
    : sql`false`,
];

const QUESTIONNAIRE_RESPONSE: TypeDef = {
  idColumn: sql`o.id`,
  params: ['patient', 'subject', 'based-on', 'questionnaire'],
  includes: ['QuestionnaireResponse:subject'],
  async count(db, r, where) {
    return Number(
      rowsOf<{ n: number | string }>(await db.execute(sql`select count(*) as n from orders o where ${sql.join([...orderScope(r), ...where], sql` and `)}`))[0]
        ?.n ?? 0,
    );
  },
  async conditions(_db, _r, params: SearchParams) {
    return [
      ...referenceCondition(params, 'patient', 'Patient', sql`o.client_id`),
      ...referenceCondition(params, 'subject', 'Patient', sql`o.client_id`),
      ...valuesOf(params, 'based-on').map((refs) => {
        const ids = refs
          .map((v) => (/^(ServiceRequest\/)?\d{1,10}$/.test(v) ? Number(v.replace('ServiceRequest/', '')) : null))
          .filter((n): n is number => n != null && n <= 2_147_483_647);
        return ids.length
          ? sql`o.id in (select t.order_id from test_orders t where t.id in (${sql.join(
              ids.map((n) => sql`${n}`),
              sql`, `,
            )}))`
          : sql`false`;
      }),
      ...valuesOf(params, 'questionnaire').map((urls) => {
        const names = PROGRAMS.filter((p) => urls.some((u) => u === questionnaireUrl(p) || u === `Questionnaire/${questionnaireId(p)}`));
        return names.length
          ? sql`o.program_id in (select id from programs where name in (${sql.join(
              names.map((n) => sql`${n}`),
              sql`, `,
            )}))`
          : sql`false`;
      }),
    ];
  },
  async page(db, r, where, limit, offset) {
    const rows = rowsOf<OrderRow>(
      await db.execute(sql`${orderSelect} where ${sql.join([...orderScope(r), ...where], sql` and `)} order by o.id desc limit ${limit} offset ${offset}`),
    );
    return rows.map((row) => toQuestionnaireResponse(row, requestForm(row.program, 'en')));
  },
  follow: (res, include) =>
    include === 'QuestionnaireResponse:subject' && res.resourceType === 'QuestionnaireResponse' && res.subject?.reference ? [res.subject.reference] : [],
};
FHIR_TYPES.QuestionnaireResponse = QUESTIONNAIRE_RESPONSE;

// --- CodeSystems ----------------------------------------------------------------------------------------------------

/** What a code means where the catalogue says more than the code ("1+" → "1+ (10–99 AFB in 100 fields)"). */
const labels = () =>
  new Map<string, string>(CATALOGUE.flatMap((t) => Object.entries(t.labels ?? {}).map(([code, label]) => [`${t.program}\u0000${code}`, label] as const)));

/** Each programme's coded results (the codes its tests may take, as the catalogue holds them) as one CodeSystem. */
export async function codeSystems(db: Tx): Promise<CodeSystem[]> {
  const rows = rowsOf<{ program: string; codes: string[] | null }>(
    await db.execute(
      sql`select p.name as program, tt.codes from test_types tt join programs p on p.id = tt.program_id where jsonb_array_length(tt.codes) > 0 order by p.id, tt.id`,
    ),
  );
  const byProgramme = new Map<string, Map<string, string>>();
  const LABELS = labels();
  for (const row of rows) {
    const concepts = byProgramme.get(row.program) ?? new Map<string, string>();
    for (const raw of row.codes ?? []) {
      if (raw === '<' || raw === '>' || !raw.trim()) continue;
      const code = fhirCode(raw);
      if (!concepts.has(code)) concepts.set(code, LABELS.get(`${row.program}\u0000${raw}`) ?? code);
    }
    byProgramme.set(row.program, concepts);
  }
  return [...byProgramme]
    .filter(([, concepts]) => concepts.size)
    .map(([program, concepts]) => ({
      resourceType: 'CodeSystem',
      id: resultsCodeSystemId(program),
      url: resultsCodeSystemUrl(program),
      name: `${formName(program).replace(/RequestForm$/, '')}Results`,
      title: `${program} coded results`,
      status: 'active',
      caseSensitive: true,
      content: 'complete',
      count: concepts.size,
      concept: [...concepts].map(([code, display]) => ({ code, display })),
    }));
}

/** The in-memory resources (CodeSystem, Questionnaire) filtered by `_id`, `url` (and `name`, `title` as a start of a word). */
export function filterCanonical<T extends Resource & { url?: string; name?: string; title?: string }>(list: T[], params: SearchParams): T[] {
  let out = list;
  for (const ids of valuesOf(params, '_id')) out = out.filter((x) => ids.includes(x.id ?? ''));
  for (const urls of valuesOf(params, 'url')) out = out.filter((x) => urls.some((u) => token(u).code === x.url || u === x.url));
  for (const names of valuesOf(params, 'name')) out = out.filter((x) => names.some((n) => (x.name ?? '').toLowerCase().startsWith(n.toLowerCase())));
  for (const titles of valuesOf(params, 'title')) out = out.filter((x) => titles.some((n) => (x.title ?? '').toLowerCase().includes(n.toLowerCase())));
  return out;
}

export const questionnaires = (): Questionnaire[] => PROGRAMS.map((p) => toQuestionnaire(requestForm(p, 'en')));
