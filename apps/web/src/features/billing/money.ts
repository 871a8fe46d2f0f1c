import { formatKobo } from '@nlims/contracts';

/** Kobo as naira, ₦1,234.50 (en-NG, in every language of the app: the cash desk reads naira this way). */
export const naira = (kobo: number | null | undefined): string => (kobo == null || !Number.isFinite(kobo) ? '' : formatKobo(kobo));

/** Naira typed in a form (two decimals at most) as whole kobo, as the API takes amounts. */
export const toKobo = (amount: number | null | undefined): number | null => (amount == null || !Number.isFinite(amount) ? null : Math.round(amount * 100));

/** Kobo as naira for an input (two decimals). */
export const toNaira = (kobo: number): number => Math.round(kobo) / 100;
