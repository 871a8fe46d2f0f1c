import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderRow } from '../types';

const SHOWN_TESTS = 3;

/** The first tests of a sample as tags, and how many more. */
export function TestTags({ tests }: { tests: OrderRow['tests'] }) {
  const { t } = useTranslation('clinical');
  return (
    <span className="clin-tests">
      {tests.slice(0, SHOWN_TESTS).map((x) => (
        <Tag key={x.id}>{x.test_type_name}</Tag>
      ))}
      {tests.length > SHOWN_TESTS && <Tag>{t('samples.moreTests', { count: tests.length - SHOWN_TESTS })}</Tag>}
    </span>
  );
}
