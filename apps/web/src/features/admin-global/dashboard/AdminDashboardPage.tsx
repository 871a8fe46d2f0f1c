import { ApartmentOutlined, ClusterOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Skeleton, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import type { PageProps } from '../../../shared/page/pageProps';
import { roleName } from '../../auth/roleText';
import { AdminPage } from '../../resources/AdminPage';
import { BarList } from './BarList';
import { StateTileMap } from './StateTileMap';
import './dashboard.css';

interface AdminDashboard {
  totals: { facilities: number; users: number; tier_users: number; active_programs: number };
  facilities_by_type: { facility_type: string; count: number }[];
  facilities_by_state: { state: number; state_name: string; code: string; count: number }[];
  users_by_role: { role: string; count: number }[];
  programs: { program: string; facilities: number }[];
}

/** The super admin's overview: totals, facilities by type and state, users by role, programmes in use. */
export default function AdminDashboardPage({ page }: PageProps) {
  const { t } = useTranslation('admin');
  const { t: tApp } = useTranslation('app');
  const { data, isError } = useQuery({ queryKey: ['admin_dashboard'], queryFn: ({ signal }) => api<AdminDashboard>('/api/admin_dashboard/', { signal }) });
  // A failed load has already raised the error notice; the page says there is nothing to show.
  if (!data) return <AdminPage page={page}>{isError ? <Empty description={t('public:notice.appError.unknown')} /> : <Skeleton active />}</AdminPage>;

  const totals = [
    { key: 'facilities', icon: <ApartmentOutlined />, value: data.totals.facilities },
    { key: 'users', icon: <UserOutlined />, value: data.totals.users },
    { key: 'tier_users', icon: <TeamOutlined />, value: data.totals.tier_users },
    { key: 'active_programs', icon: <ClusterOutlined />, value: data.totals.active_programs },
  ];
  const byState = new Map(data.facilities_by_state.map((s) => [s.state, s.count]));
  const roleLabel = (role: string) => (role === 'Tier User' ? t('dashboard.tierUser') : roleName(tApp, role));

  return (
    <AdminPage page={page}>
      <Row gutter={[16, 16]}>
        {totals.map((total) => (
          <Col key={total.key} xs={12} lg={6}>
            <Card className="dash-stat">
              <Statistic title={t(`dashboard.total.${total.key}`)} value={total.value} prefix={total.icon} />
            </Card>
          </Col>
        ))}
        <Col xs={24} xl={14}>
          <Card title={t('dashboard.byState')}>
            <StateTileMap counts={byState} />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card title={t('dashboard.byType')} className="dash-card">
            <BarList bars={data.facilities_by_type.map((r) => ({ label: t(`option.facilityType.${r.facility_type}`), value: r.count }))} />
          </Card>
          <Card title={t('dashboard.byRole')} className="dash-card">
            <BarList bars={data.users_by_role.map((r) => ({ label: roleLabel(r.role), value: r.count }))} />
          </Card>
        </Col>
        <Col xs={24}>
          <Card title={t('dashboard.programs')}>
            <BarList bars={data.programs.map((p) => ({ label: p.program, value: p.facilities }))} />
          </Card>
        </Col>
      </Row>
    </AdminPage>
  );
}
