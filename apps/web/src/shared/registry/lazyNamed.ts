import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A named export of a module loaded on first render: `lazyNamed(() => import('./reading'), 'VlReading')` (a slot's filler in a chunk of its own). */
// biome-ignore lint/suspicious/noExplicitAny: the component's own props type is kept (React's `lazy` takes any component)
export function lazyNamed<K extends string, C extends ComponentType<any>>(load: () => Promise<{ [key in K]: C }>, name: K): LazyExoticComponent<C> {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}
