import { Select, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { PageProps } from '../../../shared/page/pageProps';
import { DESKTOP_UP, useMediaQuery } from '../../../shared/page/useMediaQuery';
import { AdminPage } from '../../resources/AdminPage';
import { ResourcePanel } from '../../resources/ResourcePanel';
import { REFERENCE_CONFIGS } from './referenceResources';

/**
 * Every plain reference list on one page: tabs down the side on a desktop,
 * a select on smaller screens. The chosen list is in the address (?resource=).
 */
export default function ReferenceDataPage({ page }: PageProps) {
  const { t } = useTranslation('admin');
  const desktop = useMediaQuery(DESKTOP_UP);
  const [params, setParams] = useSearchParams();
  const current = REFERENCE_CONFIGS.find((c) => c.path === params.get('resource')) ?? REFERENCE_CONFIGS[0]!;
  const choose = (path: string) => setParams({ resource: path }, { replace: true });
  const panel = <ResourcePanel key={current.path} config={current} />;
  const items = REFERENCE_CONFIGS.map((c) => ({ key: c.path, label: t(c.title), children: c === current ? panel : null }));

  return (
    <AdminPage page={page}>
      {desktop ? (
        <Tabs className="ref-tabs" size="small" tabPlacement="start" activeKey={current.path} onChange={choose} items={items} />
      ) : (
        <>
          <Select
            className="ref-select"
            aria-label={t('reference.choose')}
            value={current.path}
            onChange={choose}
            showSearch={{ optionFilterProp: 'label' }}
            options={items.map((i) => ({ value: i.key, label: i.label }))}
          />
          {panel}
        </>
      )}
    </AdminPage>
  );
}
