import { and, eq } from 'drizzle-orm';
import type { Tx } from '../core/db.js';
import { facilityLabNetworks } from '../modules/facilities/facilities.table.js';
import { programs } from '../modules/programs/programs.table.js';
import { courierProviders, labNetworks } from '../modules/reference/reference.table.js';

/** The demo's referral network: Mushin's primary health centre sends its TB samples to the Yaba laboratory by a courier (idempotent). */
export async function seedReferralNetwork(tx: Tx, ids: { mushin: number; yaba: number }): Promise<void> {
  const courierName = 'Demo Lagos Sample Couriers';
  let [courier] = await tx.select({ id: courierProviders.id }).from(courierProviders).where(eq(courierProviders.name, courierName));
  if (!courier) [courier] = await tx.insert(courierProviders).values({ name: courierName, phone: '+234 801 234 5678' }).returning({ id: courierProviders.id });
  const [tb] = await tx.select({ id: programs.id }).from(programs).where(eq(programs.name, 'Tuberculosis'));
  const networkName = 'Lagos TB specimen referral';
  let [network] = await tx.select({ id: labNetworks.id }).from(labNetworks).where(eq(labNetworks.name, networkName));
  if (!network)
    [network] = await tx
      .insert(labNetworks)
      .values({
        name: networkName,
        description: 'Primary health centres refer presumptive-TB sputum to the Yaba laboratory for Xpert MTB/RIF.',
        program: tb!.id,
        testing_facility: ids.yaba,
        courier_provider: courier!.id,
        expected_hours: 48,
      })
      .returning({ id: labNetworks.id });
  const [member] = await tx
    .select()
    .from(facilityLabNetworks)
    .where(and(eq(facilityLabNetworks.facilityId, ids.mushin), eq(facilityLabNetworks.labNetworkId, network!.id)));
  if (!member) await tx.insert(facilityLabNetworks).values({ facilityId: ids.mushin, labNetworkId: network!.id });
}
