import type { ComponentType } from 'react';

/**
 * A named place in a page where other features put a component. The page that owns the place
 * declares it (`defineSlot<Props>('clinical.sample.panels')`) and renders `<Slot slot={…} {...props} />`;
 * a feature module fills it (`fill(SLOT, Component)`) and receives those props. The props type travels
 * with the definition, so the page and every filler agree on it without importing one another.
 */
export interface SlotDef<P> {
  readonly id: string;
  readonly kind: 'component';
  /** Only carries the props' type. */
  readonly props?: P;
}

/**
 * A named point where a page asks other features for a value computed by a hook, e.g. a function
 * that marks the choices of an instrument, or what to do after a sample is rejected. Each fill is a
 * hook called with the slot's arguments on every render of the page (the registry never changes while
 * the app runs, so the hooks are always the same, in the same order); the page gets their results.
 */
export interface HookSlotDef<A extends unknown[], R> {
  readonly id: string;
  readonly kind: 'hook';
  /** Only carries the hook's type. */
  readonly hook?: (...args: A) => R;
}

export function defineSlot<P extends object = object>(id: string): SlotDef<P> {
  return { id, kind: 'component' };
}

export function defineHookSlot<A extends unknown[], R>(id: string): HookSlotDef<A, R> {
  return { id, kind: 'hook' };
}

/** One feature's contribution to one slot; `order` places it among the others (lower first, 0 by default). */
export type SlotFill =
  | { readonly slot: string; readonly kind: 'component'; readonly component: ComponentType<never>; readonly order: number }
  | { readonly slot: string; readonly kind: 'hook'; readonly hook: (...args: never[]) => unknown; readonly order: number };

/** Fill a component slot. A page-sized filler should be `lazy(() => import(…))`: slots render in Suspense. */
export function fill<P>(slot: SlotDef<P>, component: ComponentType<P>, order = 0): SlotFill {
  return { slot: slot.id, kind: 'component', component: component as ComponentType<never>, order };
}

/** Fill a hook slot with a hook taking the slot's arguments. */
export function fillHook<A extends unknown[], R>(slot: HookSlotDef<A, R>, hook: (...args: A) => R, order = 0): SlotFill {
  return { slot: slot.id, kind: 'hook', hook: hook as (...args: never[]) => unknown, order };
}
