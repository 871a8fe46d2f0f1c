/** Addresses the public pages link to (SPEC §2 footer). */
export const SUPPORT_EMAIL = 'support@nlims.ng';
export const ADMIN_EMAIL = 'admin@nlims.ng';
export const PARTNERS = {
  ncdc: 'https://ncdc.gov.ng',
  fmoh: 'https://www.health.gov.ng',
} as const;
export const CONTRIBUTE_URL = 'https://github.com/nlims-ng';
