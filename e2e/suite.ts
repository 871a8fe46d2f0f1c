import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launch } from './browser.js';

/**
 * One Chromium for a test file: launched before its tests and closed after
 * them (also when the launch failed). Call at the top of the file; the
 * returned function gives the browser inside the tests.
 */
export function sharedBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());
  return () => {
    if (!browser) throw new Error('The browser did not start.');
    return browser;
  };
}
