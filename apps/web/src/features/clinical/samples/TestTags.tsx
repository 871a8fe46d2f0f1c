import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTestConfig } from '../results/useTestConfig';
import type { OrderRow } from '../types';

const SHOWN_TESTS = 3;

/** What was ordered, by name: a panel's members as the panel, once ("Xpert MTB/RIF", not its MTB and RIF members). */
export function orderedNames(tests: OrderRow['tests'], panelOf: (testType: number) => string | undefined): string[] {
  return [...new Set(tests.map((x) => panelOf(x.test_type) ?? x.test_type_name))];
}

/** The first tests of a sample as tags (panels as one), and how many more. */
export function TestTags({ tests }: { tests: OrderRow['tests'] }) {
  const { t } = useTranslation('clinical');
  const { byId } = useTestConfig();
  const names = orderedNames(tests, (id) => {
    const panel = byId.get(id)?.panel;
    return panel != null ? byId.get(panel)?.name : undefined;
  });
  return (
    <span className="clin-tests">
      {names.slice(0, SHOWN_TESTS).map((name) => (
        <Tag key={name}>{name}</Tag>
      ))}
      {names.length > SHOWN_TESTS && <Tag>{t('samples.moreTests', { count: names.length - SHOWN_TESTS })}</Tag>}
    </span>
  );
}
