import { assetGenericBody, assetGenericItem, assetLocationBody, assetLocationItem } from '@nlims/contracts';
import { sql } from 'drizzle-orm';
import { renameFields, type ResourceDef, type Rule } from '../../core/resource.js';
import { isFacilityAdminPrincipal } from '../users/users.service.js';
import { assetGenerics, assetLocations } from './assets.table.js';

/** The register's settings are its administrator's, as the register is (facility-settings' rule). */
const facilityAdmin: Rule = (p) => isFacilityAdminPrincipal(p) && p.facilityId != null;
const scope = (column: ResourceDef['id']): ResourceDef['scope'] => ({ column, valueKey: 'facilityId', of: (p) => p.facilityId ?? -1 });
const access = { read: facilityAdmin, write: facilityAdmin, delete: facilityAdmin };

/** `asset_generic/`: the kinds of equipment the facility keeps, with how often each is serviced and calibrated. */
export const assetGenericDef: ResourceDef = {
  path: 'asset_generic',
  entity: 'asset_generic',
  table: assetGenerics,
  id: assetGenerics.id,
  fields: {
    id: assetGenerics.id,
    name: assetGenerics.name,
    category: assetGenerics.category,
    maintenance_interval_days: assetGenerics.maintenanceIntervalDays,
    calibration_interval_days: assetGenerics.calibrationIntervalDays,
    is_active: assetGenerics.isActive,
    // a one-table select leaves its columns unqualified: the kind's id is named with its table
    assets: sql<number>`(select count(*)::int from assets x where x.generic_id = "asset_generics"."id")`.as('assets'),
  },
  item: assetGenericItem,
  body: assetGenericBody,
  toValues: (body) =>
    renameFields(body, {
      name: 'name',
      category: 'category',
      maintenance_interval_days: 'maintenanceIntervalDays',
      calibration_interval_days: 'calibrationIntervalDays',
      is_active: 'isActive',
    }),
  search: [assetGenerics.name],
  filters: { category: assetGenerics.category, is_active: assetGenerics.isActive },
  ordering: { name: assetGenerics.name, category: assetGenerics.category },
  defaultOrdering: 'name',
  access,
  scope: scope(assetGenerics.facilityId),
  allWithoutPage: true,
  tags: ['assets'],
};

/** `asset_config/`: the facility's places where equipment stands or is checked out to (rooms, stores, outreach sites). */
export const assetLocationDef: ResourceDef = {
  path: 'asset_config',
  entity: 'asset_location',
  table: assetLocations,
  id: assetLocations.id,
  fields: {
    id: assetLocations.id,
    name: assetLocations.name,
    is_active: assetLocations.isActive,
    assets: sql<number>`(select count(*)::int from assets x where x.location_id = "asset_locations"."id")`.as('assets'),
  },
  item: assetLocationItem,
  body: assetLocationBody,
  toValues: (body) => renameFields(body, { name: 'name', is_active: 'isActive' }),
  search: [assetLocations.name],
  filters: { is_active: assetLocations.isActive },
  ordering: { name: assetLocations.name },
  defaultOrdering: 'name',
  access,
  scope: scope(assetLocations.facilityId),
  allWithoutPage: true,
  tags: ['assets'],
};
