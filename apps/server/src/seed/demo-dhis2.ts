import { dhis2Indicators } from '@nlims/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../core/db.js';

/**
 * The demo's DHIS2 mapping: every indicator to a made-up data element (and, for the age and viral-load bands, a
 * made-up category option combo), and every demo facility to a made-up org unit — UIDs of DHIS2's shape, derived
 * from the key so they stay the same from one seeding to the next. No server is configured. Once: nothing is
 * changed where a mapping or an org unit is already kept.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A UID of DHIS2's shape (a letter, then ten letters or digits) from a text: the same text, the same UID. */
export function demoUid(text: string): string {
  let h = 2166136261;
  let out = '';
  for (let i = 0; i < 11; i++) {
    for (const c of `${text}#${i}`) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
    out += ALPHABET[h % (i === 0 ? 52 : 62)];
  }
  return out;
}

export async function seedDhis2Demo(tx: Tx): Promise<void> {
  const indicators = dhis2Indicators();
  await tx.execute(sql`insert into dhis2_mappings (indicator, data_element, category_option_combo)
    values ${sql.join(
      indicators.map((i) => {
        // One data element per measure and programme; the bands are its category option combos.
        const element = i.measure === 'vl_band' || i.age_band ? `${i.measure}` : i.key;
        const combo = i.band != null ? demoUid(`coc:vl_band:${i.band}`) : i.age_band ? demoUid(`coc:eid:${i.age_band}`) : '';
        return sql`(${i.key}, ${demoUid(`de:${element}`)}, ${combo})`;
      }),
      sql`, `,
    )}
    on conflict (indicator) do nothing`);
  const facilities = rowsOf<{ id: number; code: string }>(await tx.execute(sql`select id, facility_code as code from facilities order by id`));
  if (facilities.length)
    await tx.execute(sql`insert into dhis2_org_units (facility_id, org_unit)
      values ${sql.join(
        facilities.map((f) => sql`(${f.id}, ${demoUid(`ou:${f.code}`)})`),
        sql`, `,
      )}
      on conflict (facility_id) do nothing`);
}
