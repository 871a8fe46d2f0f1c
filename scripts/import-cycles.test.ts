import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No import cycles among the value imports of the contracts, the server and
 * the web app (a type-only import is erased; a dynamic `import()` is lazy):
 * a cycle makes a module's value undefined depending on which side loads
 * first, and says two modules should be one or a third below both.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = ['packages/contracts/src', 'apps/server/src', 'apps/web/src'];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : files(path);
    return /\.tsx?$/.test(name) && !/\.(test|e2e)\.tsx?$/.test(name) ? [path] : [];
  });
}

const IMPORT = /^\s*(?:import|export)\s+([^'";]*?)\s*from\s*['"](\.[^'"]+)['"]|^\s*import\s+['"](\.[^'"]+)['"]/gm;

/** The relative modules a file imports for their values. */
function valueImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const clause = m[1];
    const spec = m[2] ?? m[3]!;
    if (clause !== undefined) {
      if (/^type\b/.test(clause)) continue;
      const named = clause.match(/\{([^}]*)\}/)?.[1];
      const defaultOrStar = clause
        .replace(/\{[^}]*\}/, '')
        .replace(/,/g, '')
        .trim();
      if (named !== undefined && !defaultOrStar) {
        const names = named
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        if (names.length && names.every((n) => n.startsWith('type '))) continue;
      }
    }
    const target = resolveModule(dirname(file), spec);
    if (target) out.push(target);
  }
  return out;
}

function resolveModule(from: string, spec: string): string | null {
  const base = resolve(from, spec.replace(/\.js$/, ''));
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) if (existsSync(candidate)) return candidate;
  return null;
}

/** Strongly connected components of more than one module (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component);
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  return found;
}

describe('imports', () => {
  it('form no cycle in the contracts, the server or the web app', () => {
    const graph = new Map<string, string[]>();
    for (const source of SOURCES) for (const file of files(join(ROOT, source))) graph.set(file, valueImports(file));
    expect(graph.size).toBeGreaterThan(300);
    const found = cycles(graph).map((c) => c.map((f) => relative(ROOT, f)).sort());
    expect(found).toEqual([]);
  });
});
