export * from './definitions.js';
export * from './forms.js';
export * from './form-spec.js';
export * from './tb.js';
export * from './ph.js';
export * from './rules.js';
