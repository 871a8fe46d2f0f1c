import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe } from 'vitest';
import { rowsOf } from '../../core/db.js';
import { bearer, createTestApp } from '../../test/harness.js';
import { eachUser, type MatrixRow, matrixTests } from '../../test/matrix.js';
import { GENERAL, programmeSteps } from '../../test/programmes.js';
import { form, PNG, withOwnDataDir } from './files.test-helpers.js';

/**
 * Folders, files, controlled documents and attachments × every demo user. A facility's staff (its administrator
 * too) keep and read their own facility's files; another facility finds none of them (404); the super admin and
 * the tier users reach nothing (403). Controlled documents are issued and changed by an Admin, a Manager or a
 * Supervisor. Attachments follow their target: a sample's and a result's by the General programme's roles at
 * Ikeja (reading: its staff; adding to a sample: who receives or enters; to a result: who enters, validates or
 * approves), a non-conformity report's by its facility.
 */
let t: Awaited<ReturnType<typeof build>>;
const build = () => withOwnDataDir(() => createTestApp());
const general = programmeSteps(() => t, GENERAL);
const ids = { folder: 0, binned: 0, file: 0, document: 0, binnedFile: 0, sample: 0, test: 0, ncr: 0, attachment: 0, deletable: 0, attachedFile: 0 };
let n = 0;
const unique = () => `${Date.now().toString(36)}-${(n++).toString(36)}`;
const as = async (user: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
  const res = await t.app.inject({ method, url, headers: bearer(await t.token(user)), ...(payload ? { payload: payload as never } : {}) });
  return res.statusCode === 204 ? null : res.json();
};
/** A multipart body attaching a PNG to a target, whose id is read when the row runs (after the set-up). */
const attachTo =
  (target: string, id: () => number, fields: Record<string, string> = {}) =>
  () =>
    form([['matrix.png', PNG]], { target, id: id(), ...fields });

const IKEJA_STAFF = ['clin_manager', 'clin_supervisor', 'clin_receptionist', 'clin_analyst', 'clin_clerk', 'clin_data_analyst'] as const;
/** Every facility user may; the super admin and the tier users may not (403, the default). */
const FACILITY = (status: number) => ({ clinicalAdmin: status, labAdmin: status, staff: status });
/** Ikeja's users may; other facilities' find nothing. */
const IKEJA = (status: number) => ({ clinicalAdmin: status, labAdmin: 404, staff: 404 });
const ikejaStaff = (status: number) => eachUser(IKEJA_STAFF, status);

beforeAll(async () => {
  t = await build();
  ids.folder = (await as('clin_supervisor', 'POST', '/api/folders/', { name: 'Matrix', parent: null })).id;
  ids.binned = (await as('clin_supervisor', 'POST', '/api/folders/', { name: 'Matrix bin', parent: null })).id;
  await as('clin_supervisor', 'DELETE', `/api/folders/${ids.binned}/`);
  ids.file = (await as('clin_supervisor', 'POST', '/api/files/', form([['matrix.png', PNG]], { folder: ids.folder })))[0].id;
  ids.binnedFile = (await as('clin_supervisor', 'POST', '/api/files/', form([['binned.png', PNG]])))[0].id;
  await as('clin_supervisor', 'DELETE', `/api/files/${ids.binnedFile}/`);
  const docFields = { code: 'SOP-MATRIX-1', title: 'Matrix', effective_date: '2026-01-01', review_date: '2027-01-01', approved_by: 'Matrix' };
  ids.document = (await as('clin_supervisor', 'POST', '/api/files/', form([['sop.png', PNG]], docFields)))[0].id;
  const { sample } = await general.received();
  ids.sample = sample.id;
  ids.test = sample.tests[0]!.id;
  ids.ncr = rowsOf<{ id: number }>(
    await t.database.db.execute(sql`insert into ncr_reports (facility_id, number, title, event_date, description, severity, reported_by)
      select u.facility_id, 'NCR-MATRIX-1', 'Matrix', '2026-11-20', 'Matrix', 'minor', u.id from users u where u.username = 'clin_supervisor' returning id`),
  )[0]!.id;
  const attached = (await as('clin_supervisor', 'POST', '/api/attachments/', attachTo('sample', () => ids.sample)()))[0];
  ids.attachment = attached.id;
  ids.attachedFile = attached.file;
  ids.deletable = (await as('clin_supervisor', 'POST', '/api/attachments/', attachTo('sample', () => ids.sample)()))[0].id;
});
afterAll(async () => {
  await t.close();
  t.removeDataDir();
});

const ROWS: MatrixRow[] = [
  { name: 'list folders', method: 'GET', url: () => '/api/folders/', expect: FACILITY(200), otherwise: 403 },
  { name: 'list the folders in the bin', method: 'GET', url: () => '/api/folders/?view=bin', expect: FACILITY(200), otherwise: 403 },
  {
    name: "open an Ikeja folder's folders",
    method: 'GET',
    url: () => `/api/folders/?parent=${ids.folder}`,
    expect: IKEJA(200),
    users: ikejaStaff(200),
    otherwise: 403,
  },
  {
    name: 'create a folder',
    method: 'POST',
    url: () => '/api/folders/',
    body: () => ({ name: `M ${unique()}`, parent: null }),
    expect: FACILITY(201),
    otherwise: 403,
  },
  {
    name: 'rename an Ikeja folder',
    method: 'PATCH',
    url: () => `/api/folders/${ids.folder}/`,
    body: () => ({ name: `Matrix ${unique()}` }),
    expect: IKEJA(200),
    users: ikejaStaff(200),
    otherwise: 403,
  },
  {
    name: 'bin an Ikeja folder',
    method: 'DELETE',
    url: () => `/api/folders/${ids.folder}/`,
    expect: IKEJA(204),
    users: ikejaStaff(204),
    otherwise: 403,
    after: async (_user, status) => {
      if (status === 204) await as('clin_supervisor', 'POST', `/api/folders/${ids.folder}/restore/`);
    },
  },
  {
    name: 'restore an Ikeja folder',
    method: 'POST',
    url: () => `/api/folders/${ids.binned}/restore/`,
    expect: IKEJA(200),
    users: ikejaStaff(200),
    otherwise: 403,
    after: async (_user, status) => {
      if (status === 200) await as('clin_supervisor', 'DELETE', `/api/folders/${ids.binned}/`);
    },
  },
  { name: 'recent folders', method: 'GET', url: () => '/api/folders/recent_folders/', expect: FACILITY(200), otherwise: 403 },
  { name: 'recent files', method: 'GET', url: () => '/api/folders/recent_files/', expect: FACILITY(200), otherwise: 403 },
  { name: 'list the top level', method: 'GET', url: () => '/api/files/?view=root', expect: FACILITY(200), otherwise: 403 },
  { name: 'list the bin', method: 'GET', url: () => '/api/files/?view=bin', expect: FACILITY(200), otherwise: 403 },
  { name: 'list the controlled documents', method: 'GET', url: () => '/api/files/?view=documents', expect: FACILITY(200), otherwise: 403 },
  { name: 'list those past review', method: 'GET', url: () => '/api/files/?view=past_review', expect: FACILITY(200), otherwise: 403 },
  {
    name: "list an Ikeja folder's files",
    method: 'GET',
    url: () => `/api/files/?view=folder&folder=${ids.folder}`,
    expect: IKEJA(200),
    users: ikejaStaff(200),
    otherwise: 403,
  },
  { name: 'upload a file', method: 'POST', url: () => '/api/files/', body: () => form([['m.png', PNG]]), expect: FACILITY(201), otherwise: 403 },
  {
    name: 'issue a controlled document (or its next version)',
    method: 'POST',
    url: () => '/api/files/',
    body: () => form([['sop.png', PNG]], { code: 'SOP-MATRIX-2', title: 'Matrix', effective_date: '2026-01-01', review_date: '2027-01-01', approved_by: 'M' }),
    expect: { clinicalAdmin: 201, labAdmin: 201, staff: 403 },
    users: eachUser(['clin_manager', 'clin_supervisor', 'ph_supervisor', 'kano_supervisor', 'mushin_supervisor'], 201),
    otherwise: 403,
  },
  { name: 'read an Ikeja file', method: 'GET', url: () => `/api/files/${ids.file}/`, expect: IKEJA(200), users: ikejaStaff(200), otherwise: 403 },
  {
    name: 'download an Ikeja file',
    method: 'GET',
    url: () => `/api/files/${ids.file}/download/`,
    expect: IKEJA(200),
    users: ikejaStaff(200),
    otherwise: 403,
  },
  {
    name: 'rename an Ikeja file',
    method: 'PATCH',
    url: () => `/api/files/${ids.file}/`,
    body: () => ({ name: `m-${unique()}` }),
    expect: IKEJA(200),
    users: ikejaStaff(200),
    otherwise: 403,
  },
  {
    name: 'rename an Ikeja controlled document',
    method: 'PATCH',
    url: () => `/api/files/${ids.document}/`,
    body: () => ({ name: `sop-${unique()}` }),
    expect: IKEJA(200),
    users: { ...ikejaStaff(403), clin_manager: 200, clin_supervisor: 200 },
    otherwise: 403,
  },
  {
    name: 'bin an Ikeja file',
    method: 'DELETE',
    url: () => `/api/files/${ids.file}/`,
    expect: IKEJA(204),
    users: ikejaStaff(204),
    otherwise: 403,
    after: async (_user, status) => {
      if (status === 204) await as('clin_supervisor', 'POST', `/api/files/${ids.file}/restore/`);
    },
  },
  {
    name: 'restore an Ikeja file',
    method: 'POST',
    url: () => `/api/files/${ids.binnedFile}/restore/`,
    expect: IKEJA(200),
    users: ikejaStaff(200),
    otherwise: 403,
    after: async (_user, status) => {
      if (status === 200) await as('clin_supervisor', 'DELETE', `/api/files/${ids.binnedFile}/`);
    },
  },
  {
    name: "list an Ikeja sample's attachments",
    method: 'GET',
    url: () => `/api/attachments/?target=sample&id=${ids.sample}`,
    expect: { clinicalAdmin: 403, labAdmin: 404, staff: 404 },
    users: ikejaStaff(200),
    otherwise: 403,
  },
  {
    name: "list what an Ikeja sample's report prints",
    method: 'GET',
    url: () => `/api/attachments/?target=sample&id=${ids.sample}&report=1`,
    expect: { clinicalAdmin: 403, labAdmin: 404, staff: 404 },
    users: ikejaStaff(200),
    otherwise: 403,
  },
  {
    name: "download an Ikeja sample's attachment",
    method: 'GET',
    url: () => `/api/files/${ids.attachedFile}/download/`,
    expect: { clinicalAdmin: 403, labAdmin: 404, staff: 404 },
    users: ikejaStaff(200),
    otherwise: 403,
  },
  {
    name: 'attach to an Ikeja sample (who receives or enters)',
    method: 'POST',
    url: () => '/api/attachments/',
    body: attachTo('sample', () => ids.sample),
    expect: { clinicalAdmin: 403, labAdmin: 404, staff: 404 },
    users: { ...ikejaStaff(201), clin_manager: 403, clin_data_analyst: 403 },
    otherwise: 403,
  },
  {
    name: "attach to an Ikeja sample's result (who enters, validates or approves)",
    method: 'POST',
    url: () => '/api/attachments/',
    body: attachTo('result', () => ids.test, { with_report: 'true' }),
    expect: { clinicalAdmin: 403, labAdmin: 404, staff: 404 },
    users: { ...ikejaStaff(201), clin_manager: 403, clin_data_analyst: 403, clin_receptionist: 403 },
    otherwise: 403,
  },
  {
    name: "list an Ikeja result's attachments",
    method: 'GET',
    url: () => `/api/attachments/?target=result&id=${ids.test}`,
    expect: { clinicalAdmin: 403, labAdmin: 404, staff: 404 },
    users: ikejaStaff(200),
    otherwise: 403,
  },
  {
    name: 'attach to an Ikeja non-conformity report',
    method: 'POST',
    url: () => '/api/attachments/',
    body: attachTo('ncr', () => ids.ncr),
    expect: IKEJA(201),
    users: ikejaStaff(201),
    otherwise: 403,
  },
  {
    name: "list an Ikeja non-conformity report's attachments",
    method: 'GET',
    url: () => `/api/attachments/?target=ncr&id=${ids.ncr}`,
    expect: IKEJA(200),
    users: ikejaStaff(200),
    otherwise: 403,
  },
  {
    name: "change an Ikeja sample's attachment",
    method: 'PATCH',
    url: () => `/api/attachments/${ids.attachment}/`,
    body: () => ({ description: `M ${unique()}` }),
    expect: { clinicalAdmin: 403, labAdmin: 404, staff: 404 },
    users: { ...ikejaStaff(200), clin_manager: 403, clin_data_analyst: 403 },
    otherwise: 403,
  },
  {
    name: "remove an Ikeja sample's attachment",
    method: 'DELETE',
    url: () => `/api/attachments/${ids.deletable}/`,
    expect: { clinicalAdmin: 403, labAdmin: 404, staff: 404 },
    users: { ...ikejaStaff(204), clin_manager: 403, clin_data_analyst: 403 },
    otherwise: 403,
    after: async (_user, status) => {
      if (status === 204) ids.deletable = (await as('clin_supervisor', 'POST', '/api/attachments/', attachTo('sample', () => ids.sample)()))[0].id;
    },
  },
];

describe('authorisation matrix: folders, files, documents and attachments', () => {
  matrixTests(() => t, ROWS);
});
