import type { Role } from '@nlims/contracts';
import { eq } from 'drizzle-orm';
import type { Tx } from '../core/db.js';
import { hashPassword } from '../modules/users/users.service.js';
import { users } from '../modules/users/users.table.js';
import { seedFacility, seedTestServices, seedUser, type FacilitySeed, type UserSeed } from './builders.js';
import { KANO_TB_SAMPLES, seedTbDemoSamples, YABA_TB_SAMPLES } from './tb/demo.js';
import { seedEidDemoSamples, YABA_EID_SAMPLES } from './eid/demo.js';
import { seedWorksheetDemo } from './vl/worksheets.js';
import { KANO_VL_SAMPLES, seedVlDemoSamples, YABA_VL_SAMPLES } from './vl/demo.js';
import { seedPhDemoSamples } from './ph/demo.js';
import { seedQcDemo } from './demo-qc.js';
import { seedReferralDemo, seedReferralNetwork } from './demo-referral.js';
import { seedFilesDemo } from './demo-files.js';
import { seedInteropDemo } from './demo-interop.js';
import { seedNonConformityDemo } from './demo-nonconformity.js';
import { seedConsumablesDemo } from './demo-consumables.js';
import { seedAssetsDemo } from './demo-assets.js';

export const DEMO_PASSWORD = 'Demo@12345';

const PH_PROGRAMS = ['Tuberculosis', 'EID', 'Viral Load', 'Lassa Fever', 'COVID-19'];

export const DEMO_FACILITIES = {
  ikeja: {
    name: 'Ikeja Demo Clinical Laboratory',
    code: 'LA-IKJ-001',
    type: 'clinical',
    tier: 'Tertiary',
    state: 'Lagos',
    lga: 'Ikeja',
    address: '12 Oba Akran Avenue, Ikeja',
    programs: ['General'],
  },
  yaba: {
    name: 'Yaba Demo Reference Laboratory',
    code: 'LA-LMD-001',
    type: 'public',
    tier: 'Reference',
    state: 'Lagos',
    lga: 'Lagos Mainland',
    address: '6 Herbert Macaulay Way, Yaba',
    programs: PH_PROGRAMS,
  },
  kano: {
    name: 'Kano Demo PCR Laboratory',
    code: 'KN-NSW-001',
    type: 'public',
    tier: 'Reference',
    state: 'Kano',
    lga: 'Nasarawa',
    address: '21 Club Road, Nassarawa GRA',
    programs: ['Tuberculosis', 'Viral Load'],
  },
  mushin: {
    name: 'Mushin Demo Primary Health Centre',
    code: 'LA-MSH-001',
    type: 'public',
    tier: 'Primary',
    state: 'Lagos',
    lga: 'Mushin',
    address: '4 Ladipo Street, Mushin',
    programs: ['Tuberculosis'],
  },
  abuja: {
    name: 'Abuja Demo Private Laboratory',
    code: 'FC-AMC-001',
    type: 'private',
    tier: 'Secondary',
    state: 'FCT',
    lga: 'Abuja Municipal Area Council',
    address: '15 Aminu Kano Crescent, Wuse II',
    programs: ['General'],
  },
  ikejaPhc: {
    name: 'Ikeja Demo Primary Health Centre',
    code: 'LA-IKJ-002',
    type: 'public',
    tier: 'Primary',
    state: 'Lagos',
    lga: 'Ikeja',
    address: '3 Awolowo Way, Ikeja',
    programs: ['General'],
  },
  edo: {
    name: 'Edo Demo Lassa Fever Reference Laboratory',
    code: 'ED-ESC-001',
    type: 'public',
    tier: 'Reference',
    state: 'Edo',
    lga: 'Esan Central',
    address: 'Irrua-Ekpoma Road, Irrua',
    programs: ['Lassa Fever', 'COVID-19', 'Yellow fever', 'Monkey Pox', 'Influenza', 'General'],
  },
  rivers: {
    name: 'Port Harcourt Demo Public Health Laboratory',
    code: 'RI-PHC-001',
    type: 'public',
    tier: 'Secondary',
    state: 'Rivers',
    lga: 'Port Harcourt',
    address: '14 Aggrey Road, Port Harcourt',
    programs: ['General', 'Tuberculosis', 'Cholera', 'CSM', 'Measles and Rubella', 'Diphtheria', 'Anthrax', 'Viral Load'],
  },
} satisfies Record<string, FacilitySeed>;

/**
 * The facilities added for the tier dashboards' history (history.ts): a supervisor and an analyst each, in every
 * programme the facility runs, who enter and approve its generated results.
 */
const HISTORY_STAFF: [facility: 'ikejaPhc' | 'edo' | 'rivers', prefix: string][] = [
  ['ikejaPhc', 'ikeja_phc'],
  ['edo', 'edo'],
  ['rivers', 'rivers'],
];

const CLINICAL_ROLES: [string, Role][] = [
  ['clin_admin', 'Admin'],
  ['clin_manager', 'Manager'],
  ['clin_supervisor', 'Supervisor'],
  // A second supervisor, so the demo shows a review by someone other than the enterer (amendments).
  ['clin_reviewer', 'Supervisor'],
  ['clin_receptionist', 'Receptionist'],
  ['clin_analyst', 'Analyst'],
  ['clin_clerk', 'Data Clerk'],
  ['clin_data_analyst', 'Data Analyst'],
];
const PH_ROLES: [string, Role][] = [
  ['ph_admin', 'Admin'],
  ['ph_supervisor', 'Supervisor'],
  ['ph_receptionist', 'Receptionist'],
  ['ph_analyst', 'Analyst'],
  ['ph_clerk', 'Data Clerk'],
  ['ph_data_analyst', 'Data Analyst'],
];

/** Kano: a supervisor, and the receptionist and analyst its TB samples need (a result is verified by someone other than who entered it). */
const KANO_ROLES: [string, Role][] = [
  ['kano_supervisor', 'Supervisor'],
  ['kano_receptionist', 'Receptionist'],
  ['kano_analyst', 'Analyst'],
];

const nameOf = (username: string) => {
  const [first, ...rest] = username.split('_');
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  return { firstName: cap(first ?? ''), lastName: rest.map(cap).join(' ') };
};

/** A demo account: marked, so the product shows its demonstration banner while one is active. */
async function seedDemoUser(tx: Tx, u: UserSeed): Promise<number> {
  const id = await seedUser(tx, { ...u, isDemo: true });
  await tx.update(users).set({ isDemo: true }).where(eq(users.id, id));
  return id;
}

/** Demo facilities and one user per role (README lists them); idempotent. */
export async function seedDemo(tx: Tx): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ids: Record<keyof typeof DEMO_FACILITIES, number> = {} as never;
  for (const [key, facility] of Object.entries(DEMO_FACILITIES)) ids[key as keyof typeof DEMO_FACILITIES] = await seedFacility(tx, facility);

  // The clinical laboratories offer the whole General catalogue.
  await seedTestServices(tx, ids.ikeja, 'General');
  await seedTestServices(tx, ids.abuja, 'General');

  await seedDemoUser(tx, { username: 'superadmin', passwordHash, firstName: 'Super', lastName: 'Admin', isSuperuser: true });
  await seedDemoUser(tx, { username: 'fed_tier', passwordHash, ...nameOf('fed_tier'), userLocation: 1 });
  await seedDemoUser(tx, { username: 'lagos_tier', passwordHash, ...nameOf('lagos_tier'), userLocation: 2, state: 'Lagos' });
  await seedDemoUser(tx, { username: 'ikeja_tier', passwordHash, ...nameOf('ikeja_tier'), userLocation: 3, state: 'Lagos', lga: 'Ikeja' });
  for (const [username, role] of CLINICAL_ROLES) {
    await seedDemoUser(tx, { username, passwordHash, ...nameOf(username), facilityId: ids.ikeja, department: 'Laboratory', roles: [['General', role]] });
  }
  for (const [username, role] of PH_ROLES) {
    const roles = PH_PROGRAMS.map((p) => [p, role] as [string, Role]);
    await seedDemoUser(tx, { username, passwordHash, ...nameOf(username), facilityId: ids.yaba, department: 'Laboratory', roles });
  }
  for (const [username, role] of KANO_ROLES) {
    await seedDemoUser(tx, {
      username,
      passwordHash,
      ...nameOf(username),
      facilityId: ids.kano,
      department: 'Laboratory',
      roles: [
        ['Tuberculosis', role],
        ['Viral Load', role],
      ],
    });
  }

  for (const [key, prefix] of HISTORY_STAFF) {
    const facility = DEMO_FACILITIES[key];
    for (const program of facility.programs) await seedTestServices(tx, ids[key], program);
    for (const role of ['Supervisor', 'Analyst'] as const) {
      const username = `${prefix}_${role.toLowerCase()}`;
      const roles = facility.programs.map((p) => [p, role] as [string, Role]);
      await seedDemoUser(tx, { username, passwordHash, ...nameOf(username), facilityId: ids[key], department: 'Laboratory', roles });
    }
  }

  // Mushin's primary health centre collects presumptive-TB sputum and refers it to Yaba.
  for (const [username, role] of [
    ['mushin_supervisor', 'Supervisor'],
    ['mushin_receptionist', 'Receptionist'],
  ] as const) {
    await seedDemoUser(tx, { username, passwordHash, ...nameOf(username), facilityId: ids.mushin, department: 'Laboratory', roles: [['Tuberculosis', role]] });
  }
  await seedTestServices(tx, ids.mushin, 'Tuberculosis');
  await seedReferralNetwork(tx, ids);

  // The TB laboratories offer the TB tests, and hold a few TB samples in several states (once).
  await seedTestServices(tx, ids.yaba, 'Tuberculosis');
  await seedTestServices(tx, ids.kano, 'Tuberculosis');
  await seedTbDemoSamples(
    tx,
    ids.yaba,
    { receptionist: 'ph_receptionist', analyst: 'ph_analyst', supervisor: 'ph_supervisor' },
    YABA_TB_SAMPLES,
    DEMO_PASSWORD,
  );
  await seedTbDemoSamples(
    tx,
    ids.kano,
    { receptionist: 'kano_receptionist', analyst: 'kano_analyst', supervisor: 'kano_supervisor' },
    KANO_TB_SAMPLES,
    DEMO_PASSWORD,
  );

  // The Yaba laboratory runs EID: it offers the PCR and holds EID samples in each state (once).
  await seedTestServices(tx, ids.yaba, 'EID');
  await seedEidDemoSamples(
    tx,
    ids.yaba,
    { receptionist: 'ph_receptionist', analyst: 'ph_analyst', supervisor: 'ph_supervisor' },
    YABA_EID_SAMPLES,
    DEMO_PASSWORD,
  );
  // The viral-load laboratories (Yaba, Kano) offer the VL tests and hold about ten VL samples across the lifecycle (once).
  await seedTestServices(tx, ids.yaba, 'Viral Load');
  await seedTestServices(tx, ids.kano, 'Viral Load');
  const vlStaff = (lab: 'ph' | 'kano') => ({ receptionist: `${lab}_receptionist`, analyst: `${lab}_analyst`, supervisor: `${lab}_supervisor` });
  await seedVlDemoSamples(tx, ids.yaba, vlStaff('ph'), YABA_VL_SAMPLES, DEMO_PASSWORD);
  await seedVlDemoSamples(tx, ids.kano, vlStaff('kano'), KANO_VL_SAMPLES, DEMO_PASSWORD);
  // Yaba offers the Lassa fever and COVID-19 tests and holds a few samples of each in every state of the lifecycle (once).
  await seedTestServices(tx, ids.yaba, 'Lassa Fever');
  await seedTestServices(tx, ids.yaba, 'COVID-19');
  await seedPhDemoSamples(
    tx,
    ids.yaba,
    { receptionist: 'ph_receptionist', analyst: 'ph_analyst', supervisor: 'ph_supervisor', dataAnalyst: 'ph_data_analyst' },
    DEMO_PASSWORD,
  );
  // A month of internal QC: chemistry at Ikeja, the viral-load controls at Yaba (one rejected run in each series).
  await seedQcDemo(tx, ids.ikeja, ids.yaba);
  // The viral-load bench at Yaba: yesterday's worksheet archived with its results file, today's open.
  await seedWorksheetDemo(tx, ids.yaba);
  // Mushin's referrals to Yaba: one received (a result released), one overdue, one on its way.
  await seedReferralDemo(tx, ids, DEMO_PASSWORD);
  // Non-conformity reports at Ikeja and Yaba, one in each state (one with an overdue action).
  await seedNonConformityDemo(tx, ids);
  // The SOPs folder of Ikeja and Yaba: controlled documents, one in its second version, one past its review date.
  await seedFilesDemo(tx, ids);
  // Consumables at Yaba and Ikeja: three months of receipts, issues and use; a lot near expiry, an item under its reorder level, an expired lot.
  await seedConsumablesDemo(tx, ids);
  // The equipment registers of Ikeja and Yaba: all in use and calibrated, one calibration due this month.
  await seedAssetsDemo(tx, ids);
  // Yaba's EMR: its API client and two viral-load requests it sent, waiting on the sample-management page.
  await seedInteropDemo(tx, ids);
}
