import { z } from 'zod';

/**
 * Default messages in the wording users of the API expect (DRF's), applied
 * wherever a schema gives none of its own.
 */
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && issue.input === undefined) return 'This field is required.';
    if (issue.code === 'invalid_type' && issue.input === null) return 'This field may not be null.';
    if (issue.code === 'invalid_type') return `Expected ${issue.expected}.`;
    if (issue.code === 'unrecognized_keys') return `Unknown field(s): ${issue.keys.join(', ')}.`;
    return undefined;
  },
});

export { z };
