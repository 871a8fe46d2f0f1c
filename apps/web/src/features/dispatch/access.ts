import {
  type AuthUser,
  DISPATCH_STATUS,
  roleIn,
  roleMay,
  SHIPMENT_MOVE_SIDE,
  SHIPMENT_MOVES,
  type ShipmentAction,
  type ShipmentDetail,
  userPrograms,
} from '@nlims/contracts';

type UserLike = Pick<AuthUser, 'facility' | 'programs_roles' | 'is_superuser' | 'user_location' | 'facility_type'>;
export type Side = 'sender' | 'receiver';

/** The programmes in which the user may send samples to a testing laboratory, in the order held. */
export function dispatchProgrammes(user: UserLike): string[] {
  return userPrograms(user).filter((program) => roleMay(roleIn(user, program), program, 'dispatch'));
}

/** Which end of the shipment the user's facility is (null: neither, which the server never shows). */
export function sideOf(user: Pick<UserLike, 'facility'>, shipment: Pick<ShipmentDetail, 'sending_facility' | 'receiving_facility'>): Side | null {
  if (user.facility == null) return null;
  if (shipment.sending_facility === user.facility) return 'sender';
  if (shipment.receiving_facility === user.facility) return 'receiver';
  return null;
}

/** The permission each side moves a shipment by, in every programme of its samples (as the server checks it). */
function mayOnSide(user: UserLike, shipment: Pick<ShipmentDetail, 'samples'>, side: Side): boolean {
  const programmes = [...new Set(shipment.samples.map((s) => s.program))];
  const permission = side === 'sender' ? 'dispatch' : 'receive';
  return programmes.length > 0 && programmes.every((program) => roleMay(roleIn(user, program), program, permission));
}

/** The order the moves are offered in: forward first, the way back last. */
const MOVE_ORDER: ShipmentAction[] = ['notify_facility', 'notify_courier', 'dispatch', 'deliver', 'reject', 'cancel'];

/** The moves the user may make on the shipment now: its status allows them, and they are their side's, with their side's permission. */
export function movesFor(user: UserLike, shipment: ShipmentDetail): ShipmentAction[] {
  const side = sideOf(user, shipment);
  if (!side || !mayOnSide(user, shipment, side)) return [];
  return MOVE_ORDER.filter((action) => {
    const allowed = SHIPMENT_MOVE_SIDE[action];
    return (allowed === 'either' || allowed === side) && (SHIPMENT_MOVES[action].from as readonly number[]).includes(shipment.status);
  });
}

/** The testing laboratory's receivers receive a shipment on its way (dispatched or delivered). */
export function mayReceive(user: UserLike, shipment: ShipmentDetail): boolean {
  return (
    sideOf(user, shipment) === 'receiver' &&
    mayOnSide(user, shipment, 'receiver') &&
    (shipment.status === DISPATCH_STATUS.DISPATCHED || shipment.status === DISPATCH_STATUS.DELIVERED)
  );
}

/** A move that needs its reason (the server refuses it without one). */
export const needsReason = (action: ShipmentAction) => action === 'reject' || action === 'cancel';
