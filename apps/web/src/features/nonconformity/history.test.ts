import { NCR_CHANGE_FIELDS, type NcrChange } from '@nlims/contracts';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeText } from './history';
import { keyed } from '../../i18n/keyed';

const catalogs = keyed(import.meta.glob<Record<string, string>>('@locales/*/nonConformity.json', { eager: true, import: 'default' }));
const lang = (path: string) => path.split('/').at(-2)!;
const report = {
  actions: [
    { id: 41, kind: 'corrective' as const },
    { id: 42, kind: 'preventive' as const },
  ],
} as Parameters<typeof changeText>[2];
const i18n = i18next.createInstance();

beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    fallbackLng: false,
    interpolation: { escapeValue: false },
    resources: Object.fromEntries(Object.entries(catalogs).map(([path, nonConformity]) => [lang(path), { nonConformity }])),
  });
});

const line = (change: NcrChange, lng = 'en') => changeText(i18n.getFixedT(lng), change, report);

describe('a non-conformity’s history, in words', () => {
  it('names each change with the form’s labels and words its codes', () => {
    expect(line({ field: 'qse', value: 'process_control' })).toBe('Quality-system essential: Process control');
    expect(line({ field: 'risk', value: 4 })).toBe('Risk: 4 (Medium)');
    expect(line({ field: 'type', value: 'sample_quality' })).toBe('Type: Sample quality');
    expect(line({ field: 'category', value: 'sample' })).toBe('Category: Sample');
    expect(line({ field: 'source', value: 'manual' })).toBe('Raised from: Reported by hand');
    expect(line({ field: 'severity', value: 'major' })).toBe('Severity: Major');
    expect(line({ field: 'fields', value: ['title', 'immediate_action'] })).toBe('Fields changed: Title, Immediate action taken');
    expect(line({ field: 'action', value: 42 })).toBe('Action: no. 2 · Preventive');
    expect(line({ field: 'effective', value: false })).toBe('Review: Not effective');
    expect(line({ field: 'signed', value: true })).toBe('Signed with the closer’s password');
  });

  it('speaks the reader’s language: no code and no English on the Arabic page', () => {
    const arabic = line({ field: 'qse', value: 'process_control' }, 'ar');
    expect(arabic).toContain(catalogs['ar/nonConformity']!['qse.process_control']);
    expect(arabic).not.toMatch(/process_control|Process|Quality/);
    expect(line({ field: 'source', value: 'manual' }, 'ar')).not.toMatch(/manual|source/);
  });

  it('has a label for every field a history entry may name, in all six languages', () => {
    expect(Object.keys(catalogs)).toHaveLength(6);
    const samples: Record<string, NcrChange['value']> = {
      risk: 2,
      action: 41,
      effective: true,
      fields: ['title'],
      due_date: '2026-01-05',
      completed_on: '2026-01-06',
    };
    for (const path of Object.keys(catalogs))
      for (const field of NCR_CHANGE_FIELDS) {
        const text = line({ field, value: samples[field] ?? 'x' } as NcrChange, lang(path));
        expect(text, `${lang(path)} ${field}`).not.toMatch(/nonConformity:|history\.|field\.|actions\./);
      }
  });
});
