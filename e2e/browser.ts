import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium (or CHROME_PATH); no browser is downloaded. */
export function chromePath(): string {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter(Boolean) as string[];
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error('No Chromium found: apt-get install chromium, or set CHROME_PATH');
  return found;
}

/** Console errors about the Content-Security-Policy seen since the last check, in every guarded context. */
export const cspViolations: string[] = [];

/** Record every "Content Security Policy" console message of the pages of `context`. */
export function guardCsp<T extends BrowserContext>(context: T): T {
  context.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) cspViolations.push(`${message.page()?.url() ?? ''}: ${message.text()}`);
  });
  return context;
}

export const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: chromePath(), args: CHROME_ARGS, headless: true });
}

/** A persistent profile, to test what survives a browser restart. */
export async function launchPersistent(userDataDir: string, baseURL: string): Promise<BrowserContext> {
  return guardCsp(await chromium.launchPersistentContext(userDataDir, { executablePath: chromePath(), args: CHROME_ARGS, headless: true, baseURL }));
}

export const DEMO_PASSWORD = 'Demo@12345';

/** Sign in through the form and wait until the app has left /signin. */
export async function signIn(page: Page, username: string, options: { remember?: boolean; password?: string } = {}): Promise<void> {
  await page.goto('/signin');
  await page.locator('#username, input[name="username"]').first().fill(username);
  await page
    .locator('#password, input[name="password"]')
    .first()
    .fill(options.password ?? DEMO_PASSWORD);
  if (options.remember) await page.getByRole('checkbox').check();
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/signin'), { timeout: 20000 });
}

/** A small API client signed in as one user (a demo user unless a password is given): `(method, url, body?) → JSON`, throwing on an error. */
export async function apiAs(baseURL: string, username: string, password = DEMO_PASSWORD) {
  const login = await fetch(`${baseURL}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const { token } = (await login.json()) as { token: string };
  return async <T>(method: string, url: string, body?: object): Promise<T> => {
    const res = await fetch(`${baseURL}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body && { 'content-type': 'application/json' }) },
      body: body && JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
}
