import type { tbFormLookupReply } from '@nlims/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { sessionQuery } from '../../lookups/sessionCache';

export type TbFormLookup = z.infer<typeof tbFormLookupReply>;
export type Choice = TbFormLookup['choices']['patient_category'][number];

const TB_FORM_LOOKUP = sessionQuery<TbFormLookup>('tb_form_lookup', '/api/tb_form_lookup/');

/** The TB request form's choices and the TB tests' result vocabularies (`tb_form_lookup/`), once per browser session; only asked for in Tuberculosis. */
export const useTbFormLookup = (enabled = true) => useQuery({ ...TB_FORM_LOOKUP, enabled });
