/**
 * The web module registry's mechanism: a feature declares what it adds to the app (`defineModule`: its
 * pages, programme views, routes off the sidebar, badges, and the slots it fills) in its own
 * `features/<name>/module.tsx`; `src/modules.ts` lists the modules; `ModulesProvider` hands them down;
 * pages render the slots they own (`Slot`, `useHookSlot`) without knowing who fills them.
 */
export { ModulesProvider, Slot, useHookSlot, useModuleBadges, useModules, useSlotFills, WrapSlot } from './context';
export { defineModule, type ModuleRoute, type ModuleView, type PageComponent, type WebModule } from './module';
export { lazyNamed } from './lazyNamed';
export { defineHookSlot, defineSlot, fill, fillHook, type HookSlotDef, type SlotDef, type SlotFill } from './slots';
