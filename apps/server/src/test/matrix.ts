import { expect, it } from 'vitest';
import { bearer, type TestApp } from './harness.js';

/** The demo users the authorisation matrices call, by class. */
export const MATRIX_USERS = {
  superadmin: 'super',
  clin_admin: 'clinicalAdmin',
  ph_admin: 'labAdmin',
  clin_manager: 'staff',
  clin_supervisor: 'staff',
  clin_receptionist: 'staff',
  clin_analyst: 'staff',
  clin_clerk: 'staff',
  clin_data_analyst: 'staff',
  ph_supervisor: 'staff',
  ph_receptionist: 'staff',
  ph_analyst: 'staff',
  ph_clerk: 'staff',
  ph_data_analyst: 'staff',
  kano_supervisor: 'staff',
  mushin_supervisor: 'staff',
  mushin_receptionist: 'staff',
  fed_tier: 'tier',
  lagos_tier: 'tier',
  ikeja_tier: 'tier',
} as const;
export type MatrixUser = keyof typeof MATRIX_USERS;
export type MatrixClass = (typeof MATRIX_USERS)[MatrixUser];

/** Staff who register clients in some programme (Supervisor, Receptionist, Data Clerk). */
export const REGISTRARS = [
  'clin_supervisor',
  'clin_receptionist',
  'clin_clerk',
  'ph_supervisor',
  'ph_receptionist',
  'ph_clerk',
  'kano_supervisor',
  'mushin_supervisor',
  'mushin_receptionist',
] as const satisfies readonly MatrixUser[];

/** One endpoint × every demo user → the expected status. */
export type MatrixRow = {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: () => string;
  body?: (cls: MatrixClass) => object;
  expect: Partial<Record<MatrixClass, number>>;
  /** Where a class is not enough (roles within facility staff): the status for one user. */
  users?: Partial<Record<MatrixUser, number>>;
  otherwise: number;
  /** Called after each user's call (to put back what the call changed). */
  after?: (username: MatrixUser, status: number, reply: unknown) => Promise<void>;
};

export const eachUser = (users: readonly MatrixUser[], status: number) => Object.fromEntries(users.map((u) => [u, status]));

/** An `it` per row: every demo user calls it, and the statuses seen must be the statuses wanted. */
export function matrixTests(t: () => TestApp, rows: readonly MatrixRow[]): void {
  for (const row of rows) {
    it(row.name, async () => {
      const seen: Record<string, number> = {};
      const wanted: Record<string, number> = {};
      for (const [username, cls] of Object.entries(MATRIX_USERS) as [MatrixUser, MatrixClass][]) {
        const res = await t().app.inject({
          method: row.method,
          url: row.url(),
          headers: bearer(await t().token(username)),
          ...(row.body ? { payload: row.body(cls) } : {}),
        });
        seen[username] = res.statusCode;
        wanted[username] = row.users?.[username] ?? row.expect[cls] ?? row.otherwise;
        if (row.after) await row.after(username, res.statusCode, res.body ? safeJson(res.body) : null);
      }
      expect(seen).toEqual(wanted);
    });
  }
}

function safeJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}
