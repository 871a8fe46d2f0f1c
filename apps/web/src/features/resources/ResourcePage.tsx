import type { PageProps } from '../../routes';
import { AdminPage } from './AdminPage';
import { ResourcePanel } from './ResourcePanel';
import type { ResourceConfig } from './types';

/** A page that is one resource: its sidebar title over the resource's panel. */
export function ResourcePage({ page, config }: PageProps & { config: ResourceConfig }) {
  return (
    <AdminPage page={page}>
      <ResourcePanel config={config} />
    </AdminPage>
  );
}
