/** The DHIS2 server's settings: one row, its password never in a reply and sealed at rest (core/secret-box.ts). */
import type { Dhis2Settings, Dhis2SettingsBody } from '@nlims/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../core/db.js';
import { ValidationError } from '../../core/errors.js';
import { checkOutboundUrl } from '../../core/outbound.js';
import type { SecretBox } from '../../core/secret-box.js';
import { iso } from '../../core/sql-values.js';
import { recordAudit } from '../audit/audit.service.js';
import { type Principal, userName } from '../users/users.service.js';
import { requireDhis2Admin } from './dhis2.access.js';
import { dhis2Outbound, REFUSAL_MESSAGES } from './dhis2.client.js';

/** Where the password is kept: the additional data its sealing is bound to (core/secret-box.ts). */
export const PASSWORD_PLACE = 'dhis2_settings.password';

interface SettingsRow {
  base_url: string;
  username: string;
  password: string;
  data_set: string;
  by: string | null;
  at: unknown;
}

export async function settingsRow(db: Tx): Promise<SettingsRow> {
  const [row] = rowsOf<SettingsRow>(
    await db.execute(sql`select s.base_url, s.username, s.password, s.data_set,
      case when s.updated_by is null then null else ${userName(sql`s.updated_by`)} end as by, s.updated_at as at
      from dhis2_settings s where s.id = 1`),
  );
  return row ?? { base_url: '', username: '', password: '', data_set: '', by: null, at: null };
}

const settingsReply = (r: SettingsRow): Dhis2Settings => ({
  base_url: r.base_url,
  username: r.username,
  password_set: r.password !== '',
  data_set: r.data_set,
  configured: r.base_url !== '' && r.username !== '' && r.password !== '' && r.data_set !== '',
  updated_by: r.by,
  updated_at: iso(r.at),
});

export async function getSettings(db: Tx, p: Principal): Promise<Dhis2Settings> {
  requireDhis2Admin(p);
  return settingsReply(await settingsRow(db));
}

/** http(s), no credentials, query or fragment; the trailing slash dropped. '' clears it. */
function baseUrlShape(value: string): string {
  if (value === '') return '';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw ValidationError.field('base_url', 'Enter the DHIS2 server’s address, e.g. https://dhis2.example.org.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw ValidationError.field('base_url', 'The address must start with http:// or https://.');
  if (url.username || url.password) throw ValidationError.field('base_url', 'Give the username and password in their own fields, not in the address.');
  if (url.search || url.hash) throw ValidationError.field('base_url', 'The address takes no query or fragment.');
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * The settings' checks that need no database, made before the transaction: the username, the address's shape, and
 * the outbound policy (dhis2.client.ts `dhis2Outbound`) on the address and on every address its name resolves to —
 * https on the internet unless the operator allows the host. Answers the body with the address written as it is kept.
 */
export async function checkSettings(p: Principal, body: Dhis2SettingsBody, policy = dhis2Outbound()): Promise<Dhis2SettingsBody> {
  requireDhis2Admin(p);
  // Basic authentication joins the two with a colon: a username holding one could not be sent.
  if (body.username.includes(':')) throw ValidationError.field('username', 'A username cannot contain ":".');
  const base = baseUrlShape(body.base_url);
  const refusal = base === '' ? null : await checkOutboundUrl(new URL(base), policy);
  if (refusal) throw ValidationError.field('base_url', REFUSAL_MESSAGES[refusal]);
  return { ...body, base_url: base };
}

/** Save settings as `checkSettings` answered them; a password given is kept sealed (core/secret-box.ts). */
export async function saveSettings(tx: Tx, p: Principal, body: Dhis2SettingsBody, secrets: SecretBox, now = new Date()): Promise<Dhis2Settings> {
  requireDhis2Admin(p);
  const base = baseUrlShape(body.base_url);
  const before = await settingsRow(tx);
  const password = body.password === undefined ? before.password : secrets.seal(body.password, PASSWORD_PLACE);
  await tx.execute(sql`insert into dhis2_settings (id, base_url, username, password, data_set, updated_by, updated_at)
    values (1, ${base}, ${body.username}, ${password}, ${body.data_set}, ${p.id}, ${now.toISOString()}::timestamptz)
    on conflict (id) do update set base_url = excluded.base_url, username = excluded.username, password = excluded.password,
      data_set = excluded.data_set, updated_by = excluded.updated_by, updated_at = excluded.updated_at`);
  // The audit trail says that the password changed, never what it is.
  await recordAudit(tx, p, {
    action: 'dhis2.settings_changed',
    entity: 'dhis2_settings',
    entityId: '1',
    before: { base_url: before.base_url, username: before.username, data_set: before.data_set, password_set: before.password !== '' },
    after: {
      base_url: base,
      username: body.username,
      data_set: body.data_set,
      password_set: password !== '',
      // A password was entered (the sealed values cannot be compared: each sealing is different).
      password_changed: body.password !== undefined && (body.password !== '' || before.password !== ''),
    },
    at: now,
  });
  return settingsReply(await settingsRow(tx));
}

/**
 * The start-up step: the kept password sealed under the current server secret — a value kept as plain text before
 * encryption, or sealed under PREVIOUS_JWT_SECRET before a rotation. The update applies only if nobody changed the
 * value meanwhile (the processes of a cluster each run it). `unreadable`: no secret given opens it.
 */
export async function resealDhis2Password(db: Tx, secrets: SecretBox): Promise<'unchanged' | 'resealed' | 'unreadable'> {
  const [row] = rowsOf<{ password: string }>(await db.execute(sql`select password from dhis2_settings where id = 1`));
  if (!row) return 'unchanged';
  const sealed = secrets.reseal(row.password, PASSWORD_PLACE);
  if (sealed === 'unchanged' || sealed === 'unreadable') return sealed;
  await db.execute(sql`update dhis2_settings set password = ${sealed.value} where id = 1 and password = ${row.password}`);
  return 'resealed';
}
