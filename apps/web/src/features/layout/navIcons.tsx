import {
  AlertOutlined,
  AppstoreOutlined,
  BankOutlined,
  BarChartOutlined,
  ContainerOutlined,
  ExperimentOutlined,
  FileDoneOutlined,
  FolderOpenOutlined,
  FundOutlined,
  GlobalOutlined,
  ShoppingCartOutlined,
  TableOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { NavGroup } from '@nlims/contracts';
import type { ReactNode } from 'react';

export const GROUP_ICONS: Record<NavGroup, ReactNode> = {
  globalAdmin: <GlobalOutlined />,
  facilityAdmin: <BankOutlined />,
  inventory: <ContainerOutlined />,
  consumables: <ShoppingCartOutlined />,
  analytics: <BarChartOutlined />,
  samples: <ExperimentOutlined />,
  results: <FileDoneOutlined />,
  worksheets: <TableOutlined />,
  billing: <WalletOutlined />,
  tierDashboards: <FundOutlined />,
  files: <FolderOpenOutlined />,
  nonConformity: <AlertOutlined />,
};

export const FALLBACK_ICON = <AppstoreOutlined />;
