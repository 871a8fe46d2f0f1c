import type { NavPage } from '@nlims/contracts';

/** What the route table gives every page: its entry (path, title, access rule). Apart from routes.tsx, which lazily imports the pages. */
export interface PageProps {
  page: NavPage;
}
