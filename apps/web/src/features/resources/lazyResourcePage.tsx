import { lazy } from 'react';
import type { PageProps } from '../../shared/page/pageProps';
import type { PageComponent } from '../../shared/registry';
import type { ResourceConfig } from './types';

/** A page that is one resource of the generic list-and-form mechanism, described by a config module; `create` opens its add form at once. */
export function resourcePage(load: () => Promise<{ default: ResourceConfig }>, options: { create?: boolean } = {}): PageComponent {
  return lazy(async () => {
    const [{ default: config }, { ResourcePage }] = await Promise.all([load(), import('./ResourcePage')]);
    return { default: ({ page }: PageProps) => <ResourcePage page={page} config={config} startCreating={options.create} /> };
  });
}
