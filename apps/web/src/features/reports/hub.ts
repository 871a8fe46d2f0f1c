import { type AccessContext, NAV_PAGES, type NavPage } from '@nlims/contracts';

/** The report pages this user may open in the selected programme: the programme pages of the report view their role reaches. */
export function reportPagesFor(ctx: AccessContext): NavPage[] {
  return NAV_PAGES.filter((p) => p.view === 'report' && p.allow(ctx));
}
