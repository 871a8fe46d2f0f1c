import { Card, Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { cellOf } from './cells';
import { RowActions } from './RowActions';
import type { ResourceConfig, Row } from './types';

interface Props {
  config: ResourceConfig;
  rows: Row[];
  loading: boolean;
  onEdit: (row: Row) => void;
}

/** The grid view: one card per row titled by the first column, the others as labelled lines. Fits a phone without scrolling sideways. */
export function ResourceCards({ config, rows, loading, onEdit }: Props) {
  const { t } = useTranslation('admin');
  const [first, ...rest] = config.columns;
  if (!rows.length) return loading ? <Spin className="res-cards__loading" /> : <Empty />;
  return (
    <Spin spinning={loading}>
      <div className="res-cards">
        {rows.map((row) => (
          <Card key={row.id} size="small" title={first ? cellOf(first, row, t) : row.id} className="res-card">
            <dl className="res-card__fields">
              {rest.map((column) => (
                <div key={column.key} className="res-card__field">
                  <dt>{t(column.label)}</dt>
                  <dd>{cellOf(column, row, t)}</dd>
                </div>
              ))}
            </dl>
            <RowActions config={config} row={row} onEdit={onEdit} />
          </Card>
        ))}
      </div>
    </Spin>
  );
}
