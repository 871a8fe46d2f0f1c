import type { clientItem } from '@nlims/contracts';
import type { z } from 'zod';

/** A client as `clients/` and `clients/{id}/` answer it. */
export type ClientRecord = z.infer<typeof clientItem>;

/** "Amaka Ngozi Eze": first, other and last names. */
export const fullName = (c: Pick<ClientRecord, 'first_name' | 'other_names' | 'last_name'>) =>
  [c.first_name, c.other_names, c.last_name].filter(Boolean).join(' ');
