import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A named export of a module loaded on first render (a slot's filler in a chunk of its own): `lazyNamed(load, 'VlReading')`, where `load` imports the module dynamically. */
// biome-ignore lint/suspicious/noExplicitAny: the component's own props type is kept (React's `lazy` takes any component)
export function lazyNamed<K extends string, C extends ComponentType<any>>(load: () => Promise<{ [key in K]: C }>, name: K): LazyExoticComponent<C> {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}
