import { boolean, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';

/*
 * Plain reference tables. Their property names are the wire names, so the
 * generic resource mechanism maps bodies onto rows without a translation.
 */
const id = () => serial('id').primaryKey();
const name = () => text('name').notNull().unique();
const code = () => text('code').notNull().default('');
const isActive = () => boolean('is_active').notNull().default(true);

export const sections = pgTable('sections', {
  id: id(),
  name: name(),
  code: code(),
  description: text('description').notNull().default(''),
  is_active: isActive(),
});
export const benches = pgTable('benches', {
  id: id(),
  name: name(),
  code: code(),
  section: integer('section_id')
    .notNull()
    .references(() => sections.id),
  is_active: isActive(),
});
export const methods = pgTable('methods', {
  id: id(),
  name: name(),
  code: code(),
  description: text('description').notNull().default(''),
  is_active: isActive(),
});
export const instruments = pgTable('instruments', {
  id: id(),
  name: name(),
  manufacturer: text('manufacturer').notNull().default(''),
  model: text('model').notNull().default(''),
  is_active: isActive(),
});
export const occupations = pgTable('occupations', { id: id(), name: name(), is_active: isActive() });
export const organisms = pgTable('organisms', {
  id: id(),
  name: name(),
  code: code(),
  gram_stain: text('gram_stain').notNull().default('not applicable'),
  is_active: isActive(),
});
export const antibiotics = pgTable('antibiotics', {
  id: id(),
  name: name(),
  code: code(),
  antibiotic_class: text('antibiotic_class').notNull().default(''),
  is_active: isActive(),
});
export const clientIdentifierTypes = pgTable('client_identifier_types', { id: id(), name: name(), code: code(), is_active: isActive() });
export const sampleTypes = pgTable('sample_types', { id: id(), name: name(), code: code(), is_active: isActive() });
export const rejectionReasons = pgTable('rejection_reasons', { id: id(), reason: text('reason').notNull().unique(), code: code(), is_active: isActive() });
export const resultRejectionReasons = pgTable('result_rejection_reasons', {
  id: id(),
  reason: text('reason').notNull().unique(),
  code: code(),
  is_active: isActive(),
});
export const suppliers = pgTable('suppliers', {
  id: id(),
  name: name(),
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  address: text('address').notNull().default(''),
  is_active: isActive(),
});
export const manufacturers = pgTable('manufacturers', { id: id(), name: name(), country: text('country').notNull().default(''), is_active: isActive() });
export const measureUnits = pgTable('measure_units', { id: id(), name: name(), symbol: text('symbol').notNull(), is_active: isActive() });
export const courierProviders = pgTable('courier_providers', {
  id: id(),
  name: name(),
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  is_active: isActive(),
});
/**
 * A laboratory network: its member facilities (facility_lab_networks) refer a programme's samples (any programme when
 * none is named) to its testing laboratory, by its courier, within its expected hours from dispatch to delivery.
 */
export const labNetworks = pgTable('lab_networks', {
  id: id(),
  name: name(),
  description: text('description').notNull().default(''),
  program: integer('program_id'),
  testing_facility: integer('testing_facility_id'),
  courier_provider: integer('courier_provider_id'),
  expected_hours: integer('expected_hours').notNull().default(72),
  is_active: isActive(),
});
