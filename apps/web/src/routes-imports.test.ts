import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const here = import.meta.dirname;
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : [],
  );

describe('the route table', () => {
  it('is imported by the app shell only: pages it loads lazily never import it back', () => {
    const importers = files(path.join(here, 'features')).filter((f) => /from '(\.\.\/)+routes'/.test(readFileSync(f, 'utf8')));
    expect(importers.map((f) => path.relative(here, f))).toEqual([path.join('features', 'app', 'AuthedApp.tsx')]);
  });
});
