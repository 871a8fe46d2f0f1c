import type { PageProps } from '../../shared/page/pageProps';
import { AdminPage } from './AdminPage';
import { ResourcePanel } from './ResourcePanel';
import type { ResourceConfig } from './types';

/** A page that is one resource: its sidebar title over the resource's panel (with its add form open, for "add" pages). */
export function ResourcePage({ page, config, startCreating }: PageProps & { config: ResourceConfig; startCreating?: boolean }) {
  return (
    <AdminPage page={page}>
      <ResourcePanel config={config} startCreating={startCreating} />
    </AdminPage>
  );
}
