export const SENDER_TABS = ['new', 'outgoing', 'incoming', 'referred'] as const;
export type Tab = (typeof SENDER_TABS)[number];

/**
 * The tab the dispatch page opens on when none is asked for: a testing laboratory for the programme opens on what it
 * receives; a referring facility on a new shipment; those who only receive (the incoming path) on the incoming ones.
 */
export function firstTab(tabs: readonly Tab[], opts: { incomingPath: boolean; testingLaboratory: boolean }): Tab {
  if ((opts.incomingPath || opts.testingLaboratory) && tabs.includes('incoming')) return 'incoming';
  return tabs[0]!;
}

/** The asked tab when the user has it, else the first. */
export function openTab(tabs: readonly Tab[], asked: string | null, first: Tab): Tab {
  return asked && (tabs as readonly string[]).includes(asked) ? (asked as Tab) : first;
}
