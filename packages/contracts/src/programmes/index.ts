export * from './definitions.js';
