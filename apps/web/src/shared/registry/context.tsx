import { type ComponentType, createContext, Fragment, type ReactNode, Suspense, useContext, useMemo } from 'react';
import type { WebModule } from './module';
import type { HookSlotDef, SlotDef, SlotFill } from './slots';

interface Registry {
  modules: readonly WebModule[];
  fills: ReadonlyMap<string, readonly SlotFill[]>;
}

const EMPTY: Registry = { modules: [], fills: new Map() };
const RegistryContext = createContext<Registry>(EMPTY);

/**
 * Hands the app's modules (src/modules.ts) to everything below: the sidebar's badges, the slots of the
 * pages. Given once, at the app's root, and never changed while the app runs.
 */
export function ModulesProvider({ modules, children }: { modules: readonly WebModule[]; children: ReactNode }) {
  const registry = useMemo<Registry>(() => {
    const fills = new Map<string, SlotFill[]>();
    for (const m of modules) for (const f of m.fills ?? []) fills.set(f.slot, [...(fills.get(f.slot) ?? []), f]);
    for (const list of fills.values()) list.sort((a, b) => a.order - b.order);
    return { modules, fills };
  }, [modules]);
  return <RegistryContext.Provider value={registry}>{children}</RegistryContext.Provider>;
}

export const useModules = (): readonly WebModule[] => useContext(RegistryContext).modules;

/** The components filling a slot, in order (none when no module fills it). */
export function useSlotFills<P>(slot: SlotDef<P>): ComponentType<P>[] {
  const fills = useContext(RegistryContext).fills.get(slot.id) ?? [];
  return fills.flatMap((f) => (f.kind === 'component' ? [f.component as ComponentType<P>] : []));
}

/** Renders every component filling `slot` with the given props, in order; nothing when none does. */
export function Slot<P extends object>({ slot, ...props }: { slot: SlotDef<P> } & P) {
  const components = useSlotFills(slot);
  if (!components.length) return null;
  return (
    <Suspense fallback={null}>
      {components.map((Component, i) => {
        const Filler = Component as ComponentType<Record<string, unknown>>;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the fills of a slot are fixed for the app's life
          <Fragment key={i}>
            <Filler {...(props as Record<string, unknown>)} />
          </Fragment>
        );
      })}
    </Suspense>
  );
}

/**
 * Renders `children` inside every component filling `slot`, the first outermost: each filler decides
 * whether and how its children show (a report's buttons held until its invoice is paid). Just `children`
 * when no module fills it.
 */
export function WrapSlot<P extends object>({ slot, children, ...props }: { slot: SlotDef<P & { children: ReactNode }>; children: ReactNode } & P) {
  const components = useSlotFills(slot);
  if (!components.length) return <>{children}</>;
  const wrapped = components.reduceRight<ReactNode>((inner, Component, i) => {
    const Filler = Component as ComponentType<Record<string, unknown>>;
    return (
      // biome-ignore lint/suspicious/noArrayIndexKey: the fills of a slot are fixed for the app's life
      <Filler key={i} {...(props as Record<string, unknown>)}>
        {inner}
      </Filler>
    );
  }, children);
  return <Suspense fallback={null}>{wrapped}</Suspense>;
}

/**
 * Calls every hook filling `slot` with `args` and returns their results, in order. The registry is
 * fixed for the app's life, so the same hooks run in the same order on every render.
 */
export function useHookSlot<A extends unknown[], R>(slot: HookSlotDef<A, R>, ...args: A): R[] {
  const fills = useContext(RegistryContext).fills.get(slot.id) ?? [];
  const hooks = fills.flatMap((f) => (f.kind === 'hook' ? [f.hook as unknown as (...a: A) => R] : []));
  // biome-ignore lint/correctness/useHookAtTopLevel: a fixed list of hooks, the same on every render
  return hooks.map((useFill) => useFill(...args));
}

/** The sidebar's badge counts, by page path: every module's, merged. */
export function useModuleBadges(): Readonly<Record<string, number>> {
  const hooks = useContext(RegistryContext).modules.flatMap((m) => (m.useBadges ? [m.useBadges] : []));
  const counts: Record<string, number> = {};
  // biome-ignore lint/correctness/useHookAtTopLevel: a fixed list of hooks, the same on every render
  for (const useBadges of hooks) Object.assign(counts, useBadges());
  return counts;
}
