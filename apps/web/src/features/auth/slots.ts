import { defineHookSlot } from '../../shared/registry';

/**
 * Asked before the session ends: a hook giving a check of the signed-in user's name, answering what would
 * be lost on this device (a warning, confirmed before signing out) or null.
 */
export const SIGN_OUT_CHECKS = defineHookSlot<[], (username: string) => Promise<string | null>>('auth.sign-out-checks');
