import type { ComponentType } from 'react';
import { useSession } from '../auth/useSession';
import type { PageProps } from '../../shared/page/pageProps';

/**
 * A programme page's component for the selected programme. Keyed by the
 * programme and path, so switching programme (Lassa Fever → COVID-19 share
 * every path) or moving between two pages of one view starts the page
 * afresh: no filter, selection or open drawer of the other programme stays.
 */
export function ProgrammePage({ page, view: View }: PageProps & { view: ComponentType<PageProps> }) {
  const { program } = useSession();
  return <View key={`${program ?? ''}:${page.path}`} page={page} />;
}

/** A programme view as a module registers it: the view's component, started afresh for each programme and path. */
export function programmeView(View: ComponentType<PageProps>): ComponentType<PageProps> {
  return function ProgrammeView(props: PageProps) {
    return <ProgrammePage {...props} view={View} />;
  };
}
