import {
  ASSET_STATUSES,
  CANCELLED_STATUS,
  CONSUMABLE_LOT_STATES,
  DECISION_STATES,
  DISPATCH_STATUS,
  INVOICE_STATES,
  MESSAGE_STATUSES,
  NCR_STATES,
  OUTBOX_STATUSES,
  RESULT_STATUS,
  SAMPLE_STATUS,
  UNMATCHED_STATUSES,
  WORKSHEET_STATES,
} from '@nlims/contracts';
import { describe, expect, it } from 'vitest';
import { sampleStatusKey, testStatusKey, statusKey } from '../shared/status/statusLabels';
import { keyed } from './keyed';

const catalogs = keyed(import.meta.glob<Record<string, string>>('@locales/*/*.json', { eager: true, import: 'default' }));
const LANGUAGES = ['en', 'ar', 'fr', 'es', 'it', 'zh'];
const catalog = (lang: string, ns: string) => catalogs[`${lang}/${ns}`] ?? {};

/** Every status the contracts define, with the catalogue and key each domain's pages word it by. */
const DOMAINS: { name: string; ns: string; keys: string[] }[] = [
  {
    name: 'samples and results',
    ns: 'clinical',
    keys: [
      ...[...Object.values(SAMPLE_STATUS), ...Object.values(RESULT_STATUS), CANCELLED_STATUS, null].map(statusKey),
      sampleStatusKey({ status: SAMPLE_STATUS.ONGOING, completed: true }),
      testStatusKey(SAMPLE_STATUS.ONGOING),
      testStatusKey(CANCELLED_STATUS, SAMPLE_STATUS.ONGOING),
    ],
  },
  { name: 'shipments', ns: 'dispatch', keys: [...Object.values(DISPATCH_STATUS).map((code) => `status.${code}`), 'status.unknown'] },
  { name: 'non-conformities', ns: 'nonConformity', keys: NCR_STATES.map((s) => `state.${s}`) },
  { name: 'the outbox', ns: 'notifications', keys: OUTBOX_STATUSES.map((s) => `status.${s}`) },
  { name: 'worksheets', ns: 'worksheets', keys: WORKSHEET_STATES.map((s) => `state.${s}`) },
  { name: 'invoices', ns: 'billing', keys: [...INVOICE_STATES.map((s) => `state.${s}`), ...DECISION_STATES.map((s) => `decision.${s}`)] },
  { name: 'assets', ns: 'assets', keys: ASSET_STATUSES.map((s) => `status.${s}`) },
  { name: 'consumable lots', ns: 'consumables', keys: CONSUMABLE_LOT_STATES.map((s) => `state.${s}`) },
  {
    name: 'instrument messages',
    ns: 'instruments',
    keys: [...UNMATCHED_STATUSES.map((s) => `status.${s}`), ...MESSAGE_STATUSES.map((s) => `msgStatus.${s}`)],
  },
];

describe('statuses in words', () => {
  it.each(DOMAINS)('every status of $name has a translation in all six languages', ({ ns, keys }) => {
    for (const lang of LANGUAGES) for (const key of keys) expect(catalog(lang, ns)[key]?.trim(), `${lang} ${ns}:${key}`).toBeTruthy();
  });

  it.each(DOMAINS)('the statuses of $name read in sentence case, never in capitals', ({ ns, keys }) => {
    for (const lang of LANGUAGES)
      for (const key of keys) {
        const text = catalog(lang, ns)[key] ?? '';
        // a word of two letters or more all in capitals ("PENDING", "COURIER NOTIFIED") is a code, not a word
        const shouting = text.split(/\s+/).filter((w) => w.length > 2 && /\p{Lu}/u.test(w) && w === w.toLocaleUpperCase(lang) && w !== 'QC');
        expect(shouting, `${lang} ${ns}:${key} "${text}"`).toEqual([]);
        expect(text.charAt(0), `${lang} ${ns}:${key}`).toBe(text.charAt(0).toLocaleUpperCase(lang));
      }
  });
});
