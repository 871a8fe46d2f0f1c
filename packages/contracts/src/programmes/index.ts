export * from './definitions.js';
export * from './forms.js';
export * from './form-spec.js';
export * from './tb.js';
export * from './rules.js';
export * from './eid.js';
export * from './censored.js';
export * from './vl.js';
