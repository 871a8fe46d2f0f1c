import { CloseOutlined } from '@ant-design/icons';
import type { ResultSampleItem } from '@nlims/contracts';
import { Button, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSampleSearch } from './api';
import type { ChosenSample } from './filters';

/** A sample's tests, each once (an amendment under review lists its test twice). */
const testsOf = (sample: ResultSampleItem | undefined) =>
  sample ? [...new Map(sample.tests.map((x) => [x.test_order, { value: x.test_order, label: x.test_type_name }])).values()] : [];

/**
 * The samples a report concerns, found by lab number: several may be linked, each whole or only some of its tests.
 * A form control: `value` and `onChange` are the chosen samples.
 */
export function SamplePicker({ value = [], onChange, id }: { value?: ChosenSample[]; onChange?: (v: ChosenSample[]) => void; id?: string }) {
  const { t } = useTranslation('nonConformity');
  const [term, setTerm] = useState('');
  // Asked once the typing pauses, not at every key.
  const [asked, setAsked] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setAsked(term), 300);
    return () => clearTimeout(timer);
  }, [term]);
  const found = useSampleSearch(asked);
  const chosenIds = new Set(value.map((s) => s.sample));
  const options = (asked.trim().length >= 3 && asked === term ? (found.data?.results ?? []) : [])
    .filter((s) => !chosenIds.has(s.id))
    .map((s) => ({ value: s.id, label: s.barcode, detail: [s.sample_type_name, s.program].filter(Boolean).join(' · ') }));
  const add = (sampleId: number) => {
    const sample = found.data?.results.find((s) => s.id === sampleId);
    if (!sample) return;
    onChange?.([...value, { sample: sample.id, lab_number: sample.barcode, tests: [] }]);
    setTerm('');
  };
  return (
    <div className="ncr-samples">
      <Select<number>
        id={id}
        showSearch={{ filterOption: false, onSearch: setTerm, searchValue: term }}
        value={null}
        placeholder={t('form.samplesSearch')}
        aria-label={t('form.samplesSearch')}
        onChange={add}
        loading={found.isFetching || asked !== term}
        notFoundContent={term.trim().length < 3 ? t('form.samplesTypeMore') : found.isFetching || asked !== term ? null : t('form.samplesNone')}
        options={options}
        optionRender={(o) => (
          <span className="ncr-sample-option">
            <bdi>{o.data.label}</bdi>
            {o.data.detail && <span className="ncr-muted">{o.data.detail}</span>}
          </span>
        )}
        data-testid="ncr-sample-search"
      />
      {value.length > 0 && (
        <ul className="ncr-samples__chosen" data-testid="ncr-samples-chosen">
          {value.map((s) => (
            <ChosenRow
              key={s.sample}
              sample={s}
              onTests={(tests) => onChange?.(value.map((x) => (x.sample === s.sample ? { ...x, tests } : x)))}
              onRemove={() => onChange?.(value.filter((x) => x.sample !== s.sample))}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

/** One linked sample: its lab number, the whole sample or some of its tests, and a way to unlink it. */
function ChosenRow({ sample, onTests, onRemove }: { sample: ChosenSample; onTests: (tests: number[]) => void; onRemove: () => void }) {
  const { t } = useTranslation('nonConformity');
  // The sample's tests, read by its lab number (a draft's samples come without them).
  const found = useSampleSearch(sample.lab_number);
  const tests = useMemo(() => testsOf(found.data?.results.find((s) => s.id === sample.sample)), [found.data, sample.sample]);
  return (
    <li className="ncr-samples__row">
      <bdi className="ncr-number">{sample.lab_number}</bdi>
      <Select<number[]>
        mode="multiple"
        allowClear
        className="ncr-samples__tests"
        placeholder={t('form.wholeSample')}
        aria-label={t('form.testsOf', { lab: sample.lab_number })}
        loading={found.isFetching}
        value={sample.tests}
        onChange={onTests}
        options={tests}
        maxTagCount="responsive"
      />
      <Button type="text" size="small" icon={<CloseOutlined />} onClick={onRemove} aria-label={t('form.unlink', { lab: sample.lab_number })} />
    </li>
  );
}
