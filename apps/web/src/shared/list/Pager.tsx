import { PAGE_SIZES } from '@nlims/contracts';
import { Pagination } from 'antd';
import { useTranslation } from 'react-i18next';
import { pageLabel } from './pageLabel';

interface Props {
  pageIndex: number;
  pageSize: number;
  total: number;
  compact: boolean;
  onPage: (index: number) => void;
  /** Left out where the server's page size is fixed: the pager then offers no size to choose. */
  onPageSize?: (size: number) => void;
  /** Added to the pager's own class, for the space a page sets around it. */
  className?: string;
}

/** "Page 1 of 3" next to Ant Design's pagination with the SPEC's page sizes. */
export function Pager({ pageIndex, pageSize, total, compact, onPage, onPageSize, className }: Props) {
  const { t } = useTranslation('admin');
  return (
    <div className={className ? `res-pager ${className}` : 'res-pager'}>
      <span className="res-pager__label" aria-live="polite">
        {t('list.page', pageLabel(pageIndex, total, pageSize))}
        <span className="res-pager__total">{t('list.total', { count: total })}</span>
      </span>
      <Pagination
        size={compact ? 'small' : undefined}
        showLessItems={compact}
        current={pageIndex + 1}
        pageSize={pageSize}
        total={total}
        showSizeChanger={!!onPageSize}
        pageSizeOptions={PAGE_SIZES.map(String)}
        onChange={(page, size) => (onPageSize && size !== pageSize ? onPageSize(size) : onPage(page - 1))}
      />
    </div>
  );
}
