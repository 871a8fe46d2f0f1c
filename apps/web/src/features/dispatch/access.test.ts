import { DISPATCH_STATUS as D, type ShipmentDetail } from '@nlims/contracts';
import { describe, expect, it } from 'vitest';
import { dispatchProgrammes, mayReceive, movesFor, sideOf } from './access';

const MUSHIN = 4;
const YABA = 2;
const user = (facility: number, roles: [string, string][]) => ({
  facility,
  is_superuser: false,
  user_location: null,
  facility_type: 'public' as const,
  programs_roles: roles.map(([programs, role]) => ({ programs, roles: role })),
});
const shipment = (status: number): ShipmentDetail =>
  ({
    id: 1,
    number: 'SH-2026-0001',
    status,
    sending_facility: MUSHIN,
    receiving_facility: YABA,
    samples: [{ id: 10, barcode: 'LA-MSH-001-26-000001', program: 'Tuberculosis', state: 'in_transit', status: 13 }],
  }) as ShipmentDetail;

const supervisor = user(MUSHIN, [['Tuberculosis', 'Supervisor']]);
const receptionist = user(MUSHIN, [['Tuberculosis', 'Receptionist']]);
const yabaReceptionist = user(YABA, [
  ['Tuberculosis', 'Receptionist'],
  ['Viral Load', 'Receptionist'],
]);

describe('who moves a shipment', () => {
  it('sends in the programmes where the role dispatches (not General)', () => {
    expect(
      dispatchProgrammes(
        user(MUSHIN, [
          ['Tuberculosis', 'Supervisor'],
          ['General', 'Supervisor'],
          ['EID', 'Analyst'],
        ]),
      ),
    ).toEqual(['Tuberculosis']);
    expect(dispatchProgrammes(receptionist)).toEqual([]);
  });

  it('knows its end of the shipment', () => {
    expect(sideOf(supervisor, shipment(D.PENDING))).toBe('sender');
    expect(sideOf(yabaReceptionist, shipment(D.PENDING))).toBe('receiver');
    expect(sideOf(user(9, []), shipment(D.PENDING))).toBeNull();
  });

  it("offers the sender's supervisor the moves the status allows, forward first", () => {
    expect(movesFor(supervisor, shipment(D.PENDING))).toEqual(['notify_facility', 'notify_courier', 'dispatch', 'cancel']);
    expect(movesFor(supervisor, shipment(D.COURIER_NOTIFIED))).toEqual(['dispatch', 'cancel']);
    expect(movesFor(supervisor, shipment(D.DISPATCHED))).toEqual(['deliver']);
    expect(movesFor(supervisor, shipment(D.RECEIVED))).toEqual([]);
    // the sender's receptionist holds no dispatch permission
    expect(movesFor(receptionist, shipment(D.PENDING))).toEqual([]);
  });

  it('offers the testing laboratory delivery, rejection and reception of a shipment on its way', () => {
    expect(movesFor(yabaReceptionist, shipment(D.PENDING))).toEqual([]);
    expect(movesFor(yabaReceptionist, shipment(D.DISPATCHED))).toEqual(['deliver', 'reject']);
    expect(movesFor(yabaReceptionist, shipment(D.DELIVERED))).toEqual(['reject']);
    expect(mayReceive(yabaReceptionist, shipment(D.DISPATCHED))).toBe(true);
    expect(mayReceive(yabaReceptionist, shipment(D.DELIVERED))).toBe(true);
    expect(mayReceive(yabaReceptionist, shipment(D.RECEIVED))).toBe(false);
    expect(mayReceive(supervisor, shipment(D.DISPATCHED))).toBe(false);
    // without a role in the shipment's programme, nothing
    expect(mayReceive(user(YABA, [['Viral Load', 'Receptionist']]), shipment(D.DISPATCHED))).toBe(false);
  });
});
