import { TB_FORM_CHOICES, type TbFormChoiceField } from '@nlims/contracts';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../i18n/languages';
import { formChoiceText } from './labels';
import { defaultPeriod, percentText, periodText } from '../../shared/format/figures';
import { keyed } from '../../i18n/keyed';

type Catalog = Record<string, string>;
const files = keyed(import.meta.glob<Catalog>('@locales/*/*.json', { eager: true, import: 'default' }));

/** A t over the real catalogs of one language: `ns:key`, interpolation, defaultValue. */
function tOf(language: string): TFunction {
  const t = (key: string, options: Record<string, unknown> = {}) => {
    const [ns, name] = key.split(':') as [string, string];
    const text = files[`${language}/${ns}`]?.[name] ?? (options.defaultValue as string | undefined) ?? key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, v: string) => String(options[v]));
  };
  return t as unknown as TFunction;
}

describe('TB request-form codes in words', () => {
  it('reads every code of the form in every language, through the tb catalog', () => {
    for (const language of LANGUAGES) {
      const t = tOf(language);
      for (const [field, choices] of Object.entries(TB_FORM_CHOICES)) {
        for (const choice of choices) {
          const text = formChoiceText(t, field as TbFormChoiceField, choice.value);
          expect(text, `${language} ${field}.${choice.value}`).not.toBe(choice.value);
          expect(text, `${language} ${field}.${choice.value}`).toBe(files[`${language}/tb`]![`choice.${field}.${choice.value}`]);
        }
      }
    }
    expect(formChoiceText(tOf('en'), 'patient_category', 'new')).toBe('New');
    expect(formChoiceText(tOf('en'), 'specimen', 'sputum_spot')).toBe('Sputum (spot)');
  });

  it('falls back to the English label of contracts, then the code; nothing for no value', () => {
    const bare = ((_: string, options: { defaultValue?: string } = {}) => options.defaultValue) as unknown as TFunction;
    expect(formChoiceText(bare, 'reason_for_examination', 'follow_up')).toBe('Follow-up of treatment');
    expect(formChoiceText(bare, 'specimen', 'saliva')).toBe('saliva');
    expect(formChoiceText(bare, 'hiv_status', null)).toBe('');
    expect(formChoiceText(bare, 'hiv_status', '')).toBe('');
  });
});

describe('TB dashboard periods', () => {
  const t = tOf('en');
  it('names a series period by its periodicity', () => {
    expect(periodText(t, '2026-11-23', 'daily', 'tbAnalytics')).toBe('23/11/2026');
    expect(periodText(t, '2026-11-16', 'weekly', 'tbAnalytics')).toBe('16/11/2026');
    expect(periodText(t, '2026-11-01', 'monthly', 'tbAnalytics')).toBe('11/2026');
    expect(periodText(t, '2026-10-01', 'quarterly', 'tbAnalytics')).toBe('Q4 2026');
    expect(periodText(t, '2026-01-01', 'quarterly', 'tbAnalytics')).toBe('Q1 2026');
    expect(periodText(t, '2026-01-01', 'yearly', 'tbAnalytics')).toBe('2026');
  });

  it('opens on the last 30 days, today included', () => {
    const { start_date, end_date } = defaultPeriod(30);
    expect(end_date).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect((Date.parse(end_date) - Date.parse(start_date)) / 86_400_000).toBe(29);
    const one = defaultPeriod(1);
    expect(one.start_date).toBe(one.end_date);
  });

  it('writes a percentage, or a dash when nothing was released', () => {
    expect(percentText(50)).toBe('50%');
    expect(percentText(33.3)).toBe('33.3%');
    expect(percentText(null)).toBe('—');
  });
});
