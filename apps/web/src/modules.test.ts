import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { NAV_PAGES } from '@nlims/contracts';
import { describe, expect, it } from 'vitest';
import { MODULES } from './modules';
import { routesOf, viewOf } from './routes';

const here = import.meta.dirname;
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : [],
  );
const features = readdirSync(path.join(here, 'features'));

describe('the web module registry', () => {
  it('lists each feature module once, named by its folder', () => {
    const names = MODULES.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    const declared = features.filter((f) => readdirSync(path.join(here, 'features', f)).includes('module.tsx'));
    expect([...names].sort()).toEqual(declared.sort());
  });

  it('builds only pages of NAV_PAGES (contracts), each by one module', () => {
    const paths = new Set(NAV_PAGES.map((p) => p.path));
    const claimed = MODULES.flatMap((m) => Object.keys(m.pages ?? {}));
    expect(claimed.filter((p) => !paths.has(p))).toEqual([]);
    expect(new Set(claimed).size).toBe(claimed.length);
  });

  it('gives every sidebar page a component (none is left to the placeholder)', () => {
    const built = new Set(MODULES.flatMap((m) => Object.keys(m.pages ?? {})));
    const missing = NAV_PAGES.filter((p) => p.group && !built.has(p.path) && !viewOf(MODULES, p)).map((p) => p.path);
    expect(missing).toEqual([]);
    // and routes off the sidebar do not shadow a sidebar page
    const extra = routesOf(MODULES).slice(NAV_PAGES.length);
    expect(extra.filter((r) => NAV_PAGES.some((p) => p.path === r.page.path))).toEqual([]);
  });

  it('is imported by the app root and the route table only', () => {
    const importers = files(here).filter((f) => /from '(\.\.?\/)+modules'/.test(readFileSync(f, 'utf8')));
    expect(importers.map((f) => path.relative(here, f)).sort()).toEqual([path.join('features', 'app', 'AppRoot.tsx'), 'routes.tsx']);
  });

  it('keeps the core (clinical, layout, app, auth) free of imports of the other modules: they fill its slots instead', () => {
    const addOns = MODULES.map((m) => m.name).filter((name) => name !== 'clinical');
    const core = ['clinical', 'layout', 'app', 'auth'].flatMap((f) => files(path.join(here, 'features', f)));
    const offending = core.flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(/from '([^']+)'|import\('([^']+)'\)/g)]
        .map((m) => path.relative(path.join(here, 'features'), path.resolve(path.dirname(f), m[1] ?? m[2]!)))
        .filter((target) => addOns.includes(target.split(path.sep)[0]!))
        .map((target) => `${path.relative(here, f)} -> ${target}`),
    );
    expect(offending).toEqual([]);
  });

  it('keeps the kit (shared/) and the API client free of imports of features', () => {
    const kit = [...files(path.join(here, 'shared')), ...files(path.join(here, 'api'))];
    expect(kit.filter((f) => /from '(\.\.\/)+features\//.test(readFileSync(f, 'utf8'))).map((f) => path.relative(here, f))).toEqual([]);
  });
});
