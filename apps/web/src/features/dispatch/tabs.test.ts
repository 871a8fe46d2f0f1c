import { describe, expect, it } from 'vitest';
import { firstTab, openTab, SENDER_TABS } from './tabs';

describe('the tab the dispatch page opens on', () => {
  it('is what a testing laboratory receives, and a new shipment where the facility refers', () => {
    // Yaba tests TB: its supervisor opens on the incoming shipments, though the supervisor may also send
    expect(firstTab(SENDER_TABS, { incomingPath: false, testingLaboratory: true })).toBe('incoming');
    // Mushin refers its TB sputum: a new shipment
    expect(firstTab(SENDER_TABS, { incomingPath: false, testingLaboratory: false })).toBe('new');
    // a receptionist, who sends nothing, has the incoming tab only
    expect(firstTab(['incoming'], { incomingPath: true, testingLaboratory: true })).toBe('incoming');
    expect(firstTab(SENDER_TABS, { incomingPath: true, testingLaboratory: false })).toBe('incoming');
  });

  it('keeps a tab asked for in the address, when the user has it', () => {
    expect(openTab(SENDER_TABS, 'referred', 'incoming')).toBe('referred');
    expect(openTab(['incoming'], 'new', 'incoming')).toBe('incoming');
    expect(openTab(SENDER_TABS, null, 'new')).toBe('new');
    expect(openTab(SENDER_TABS, 'nonsense', 'new')).toBe('new');
  });
});
