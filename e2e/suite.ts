import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cspViolations, guardCsp, launch } from './browser.js';

/** Fail the test that caused a Content-Security-Policy violation. */
afterEach(() => {
  const found = cspViolations.splice(0);
  if (found.length) throw new Error(`Content Security Policy violations:\n${found.join('\n')}`);
});

/**
 * One Chromium for a test file: launched before its tests and closed after
 * them (also when the launch failed). Call at the top of the file; the
 * returned function gives the browser inside the tests. Every context and page
 * it opens is guarded: a Content-Security-Policy console error fails the test.
 */
export function sharedBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    const launched = await launch();
    const newContext = launched.newContext.bind(launched);
    launched.newContext = async (options) => guardCsp(await newContext(options));
    launched.newPage = async (options) => {
      const context = await launched.newContext(options);
      const page = await context.newPage();
      // Like Browser.newPage: the page owns its context.
      page.on('close', () => void context.close());
      return page;
    };
    browser = launched;
  });
  afterAll(() => browser?.close());
  return () => {
    if (!browser) throw new Error('The browser did not start.');
    return browser;
  };
}
