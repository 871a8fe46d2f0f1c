import { defineSlot } from '../../shared/registry';

/** The header's end, before the language menu: a module's status there (records waiting to be sent). */
export const HEADER_STATUS = defineSlot('layout.header-status');
