import { z } from 'zod';

/** Someone who administers the caller's account: a name to ask for, and how to write to them. */
export const helpContact = z.object({
  name: z.string(),
  username: z.string(),
  /** Empty when none is on record. */
  email: z.string(),
});
export type HelpContact = z.infer<typeof helpContact>;

/**
 * The help page's reply (`GET /api/help/`): who to ask and how to reach them, and the product's version.
 * `facility_administrators` are the caller's own facility's (never another facility's), the caller left out;
 * `system_administrators` (the super administrators, who create facility administrators and officials) are given to a
 * facility's administrator, an official and the super admin, whom no facility administers.
 */
export const helpReply = z.object({
  facility: z.object({ name: z.string(), phone: z.string(), email: z.string(), address: z.string() }).nullable(),
  facility_administrators: z.array(helpContact),
  system_administrators: z.array(helpContact),
  version: z.string(),
});
export type HelpReply = z.infer<typeof helpReply>;
