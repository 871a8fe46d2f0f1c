import { PH_DISEASES, requestFormSpecOf } from '@nlims/contracts';
import { describe, expect, it } from 'vitest';
import en from '@locales/en/ph.json';

const catalog = en as Record<string, string>;

describe('the case-investigation forms in the ph catalog', () => {
  it('names every section, field, hint and choice of every public-health form, in the words of the form', () => {
    for (const spec of PH_DISEASES.map((d) => requestFormSpecOf(d.program)!)) {
      for (const s of spec.sections) expect(catalog[`section.${s.key}`]).toBe(s.title);
      for (const f of spec.fields) {
        expect(catalog[`field.${f.name}`], f.name).toBe(f.label);
        if (f.hint) expect(catalog[`hint.${f.name}`]).toBe(f.hint);
        if (f.kind === 'choice' || f.kind === 'choices') for (const c of f.choices) expect(catalog[`choice.${f.name}.${c.value}`], c.value).toBe(c.label);
      }
    }
  });
});
