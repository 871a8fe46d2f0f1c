import { PrinterOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Row, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ClinicalPage } from '../../shared/page/ClinicalPage';
import type { PageProps } from '../../shared/page/pageProps';
import { LoadError } from '../../shared/page/LoadError';
import { ReferralSummary } from './ReferralSummary';
import { type StatTile, StatTiles } from './StatTiles';
import './dashboard.css';
import { Loading } from '../../shared/page/Loading';

/** How wide a card is on a wide screen: the whole row, half, a third, or the wider or narrower of two (7:5). On phones, always the whole row. */
export type CardWidth = 'full' | 'half' | 'third' | 'wide' | 'narrow';

const WIDTHS: Record<CardWidth, { xs: number; lg?: number; xl?: number }> = {
  full: { xs: 24 },
  half: { xs: 24, lg: 12 },
  third: { xs: 24, lg: 8 },
  wide: { xs: 24, xl: 14 },
  narrow: { xs: 24, xl: 10 },
};

/** One card of a dashboard's grid: a chart, a table or a few facts under a title. */
export interface DashboardCard {
  key: string;
  title?: ReactNode;
  /** Default 'full'. */
  width?: CardWidth;
  /** Beside the title (a measure picker, an export). */
  extra?: ReactNode;
  className?: string;
  testId?: string;
  children: ReactNode;
}

/** What a dashboard shows of its figures: a notice calling for action, the tiles, then the cards. */
export interface DashboardView {
  alert?: ReactNode;
  tiles?: readonly StatTile[];
  cards: readonly DashboardCard[];
}

/** A card saying the period has nothing to show. */
export const emptyCard = (description: string, width: CardWidth = 'full'): DashboardCard => ({
  key: 'empty',
  width,
  children: <Empty description={description} />,
});

/** The state of a dashboard's query (TanStack Query's, the previous figures kept while new ones load). */
export interface DashboardQuery<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

export interface DashboardShellProps<T> extends PageProps {
  /** The family: the tiles' test ids are `<family>-stat-<key>`, the period line's `<family>-period`. */
  family: string;
  className?: string;
  /** The filter bar (not printed). */
  filters?: ReactNode;
  /** Buttons beside the title, before Print (a CSV download). */
  actions?: ReactNode;
  query: DashboardQuery<T>;
  /** The family's words while loading and when the figures could not be loaded. */
  texts: { loading: string; error: string };
  /** The line saying which period (and which samples) the figures cover. */
  period?: (data: T) => ReactNode;
  /** The family's description of its figures: which tiles, which cards. Called with the figures; it calls no hooks. */
  view: (data: T) => DashboardView;
  /** Add the facility's referral (shipments both ways, overdue, the legs' median hours) under the figures. */
  referral?: boolean;
}

/**
 * The one layout of the programmes' dashboards: the title with a Print button, the filter bar, the period, then the
 * figures as tiles (StatTiles) and a grid of cards; loading, errors and the previous figures kept while the next
 * load. On paper (dashboard.css): no navigation, filters or buttons; tiles three abreast, cards one under another.
 */
export function DashboardShell<T>({ page, family, className, filters, actions, query, texts, period, view, referral }: DashboardShellProps<T>) {
  const { t } = useTranslation('analytics');
  const { data, error, isPending, isFetching, isPlaceholderData, refetch } = query;
  const retry = () => void refetch();

  let body: ReactNode;
  if (!data && isPending) body = <Loading label={texts.loading} />;
  else if (!data) body = <LoadError title={texts.error} error={error} onRetry={retry} />;
  else body = <Figures family={family} view={view(data)} />;

  return (
    <ClinicalPage
      page={page}
      className={`dash ${className ?? ''}`}
      extra={
        <>
          {actions}
          <Button icon={<PrinterOutlined />} onClick={() => window.print()} className="clin-no-print" data-testid={`${family}-print`}>
            {t('print')}
          </Button>
        </>
      }
    >
      {filters && <div className="dash__filters clin-no-print">{filters}</div>}
      {data !== undefined && error != null && <LoadError title={texts.error} error={error} onRetry={retry} />}
      <Spin spinning={isFetching && isPlaceholderData} delay={200}>
        <div className="dash__body" aria-busy={isFetching}>
          {data !== undefined && period && (
            <p className="clin-muted dash__period" data-testid={`${family}-period`}>
              {period(data)}
            </p>
          )}
          {body}
          {referral && data !== undefined && <ReferralSummary />}
        </div>
      </Spin>
    </ClinicalPage>
  );
}

function Figures({ family, view }: { family: string; view: DashboardView }) {
  return (
    <div className="dash__figures">
      {view.alert && <div className="dash__alert">{view.alert}</div>}
      {view.tiles && view.tiles.length > 0 && (
        <Row gutter={[16, 16]} className="dash__tiles">
          <StatTiles tiles={view.tiles} testId={`${family}-stat`} />
        </Row>
      )}
      <Row gutter={[16, 16]} className="dash__cards">
        {view.cards.map((card) => (
          <Col key={card.key} {...WIDTHS[card.width ?? 'full']}>
            <Card title={card.title} extra={card.extra} className={`dash__card ${card.className ?? ''}`} data-testid={card.testId}>
              {card.children}
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  );
}
