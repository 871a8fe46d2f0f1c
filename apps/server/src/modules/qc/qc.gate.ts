import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../core/db.js';
import { AppError } from '../../core/errors.js';

/**
 * The results among `ids` that may not be released because the latest QC run
 * of their test on their instrument was rejected (DESIGN §3): the run is the
 * facility's newest run holding a control of the result's test, on a machine
 * of the result's instrument — or, for a result recorded without an
 * instrument, a run recorded without one. One query for the whole batch.
 */
export async function blockedByQc(tx: Tx, ids: readonly number[]): Promise<{ result: number; test: string; test_type: number; run: number }[]> {
  if (!ids.length) return [];
  return rowsOf<{ result: number; test: string; test_type: number; run: number }>(
    await tx.execute(sql`
      select r.id as result, tt.name as test, tt.id as test_type, last_run.id as run
      from results r
      join test_orders t on t.id = r.test_order_id
      join test_types tt on tt.id = t.test_type_id
      cross join lateral (
        select q.id, q.verdict
        from qc_runs q
        left join machine_settings m on m.id = q.machine_id
        where q.facility_id = r.facility_id
          and exists (select 1 from qc_results x join qc_materials mat on mat.id = x.material_id
                      where x.run_id = q.id and mat.test_type_id = t.test_type_id)
          and (case when r.instrument_id is null then q.machine_id is null else m.instrument_id = r.instrument_id end)
        order by q.run_at desc, q.id desc
        limit 1
      ) last_run
      where r.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) and last_run.verdict = 'rejected'
      order by r.id`),
  );
}

/**
 * 409: results held by their QC. Besides the detail, the body names the run and the test (`qc`), so that the
 * approval page can lead to the QC page.
 */
export class QcHold extends AppError {
  constructor(readonly held: { test: string; test_type: number; run: number }[]) {
    const tests = [...new Set(held.map((b) => b.test))].join(', ');
    super(
      409,
      `The latest quality control of ${tests} on this instrument was rejected (QC run ${held[0]!.run}): run the controls again and have them accepted before approving patients' results.`,
    );
  }
  override body() {
    return { detail: this.message, qc: { run: this.held[0]!.run, test_type: this.held[0]!.test_type } };
  }
}
