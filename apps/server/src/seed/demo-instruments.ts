import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../core/db.js';
import { answerQuery, astmQueryAnswer, hl7Ack, hl7QueryAnswer, loadMachine, readHl7, receiveResults } from '../modules/instruments/instruments.service.js';
import { DEMO_FACILITIES } from './demo.js';

/**
 * The demo's analysers that talk to the product: Ikeja's chemistry analyser over HL7 (port 25751) and Yaba's
 * viral-load analyser over ASTM (port 25752) — ports far from the usual ones, on the loopback unless INSTRUMENT_HOST
 * says otherwise. A few messages went through the same intake as the listeners': at Ikeja a result for a tube the
 * product does not know (the one row of the unmatched queue) and a host query; at Yaba a host query. Once.
 */
export const DEMO_INSTRUMENT_PORTS = { ikeja: 25751, yaba: 25752 } as const;

/**
 * The facility's analyser for these tests that talks to the product: its machine already running one of them (the
 * equipment register's), or else one made once (the demo's serial number) with no instrument named, so that no
 * instrument's availability changes with it.
 */
async function demoMachine(tx: Tx, facility: number, serial: string, name: string, codes: string[]): Promise<number | null> {
  const tests = rowsOf<{ id: number }>(
    await tx.execute(sql`
      select t.id from test_types t join facility_test_services s on s.test_type_id = t.id and s.facility_id = ${facility}
      where t.code in (${sql.join(
        codes.map((c) => sql`${c}`),
        sql`, `,
      )}) order by t.id`),
  ).map((r) => r.id);
  if (!tests.length) return null;
  const [running] = rowsOf<{ id: number }>(
    await tx.execute(sql`
      select m.id from machine_settings m
      where m.facility_id = ${facility} and m.is_active and exists (select 1 from jsonb_array_elements_text(m.tests) e where e::int in (${sql.join(
        tests.map((id) => sql`${id}`),
        sql`, `,
      )}))
      order by m.id limit 1`),
  );
  if (running) return running.id;
  await tx.execute(sql`
    insert into machine_settings (facility_id, name, model, serial_number, tests)
    values (${facility}, ${name}, 'LIS', ${serial}, ${JSON.stringify(tests)}::jsonb)
    on conflict (facility_id, serial_number) do nothing`);
  const [row] = rowsOf<{ id: number }>(await tx.execute(sql`select id from machine_settings where facility_id = ${facility} and serial_number = ${serial}`));
  return row?.id ?? null;
}

async function talk(tx: Tx, id: number, protocol: 'hl7' | 'astm', port: number) {
  // another machine holding the port (a change made by hand) keeps it: the demo's machine then stays silent.
  await tx.execute(sql`
    update machine_settings set protocol = ${protocol}, listen_port = ${port}
    where id = ${id} and not exists (select 1 from machine_settings o where o.listen_port = ${port} and o.id <> ${id})`);
}

/**
 * With the demo's history (the full demo a server starts with, not the tests' template, whose facilities keep their
 * own machines): once.
 */
export async function seedInstrumentsDemo(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const ids = Object.fromEntries(
      rowsOf<{ code: string; id: number }>(
        await tx.execute(
          sql`select facility_code as code, id from facilities where facility_code in (${DEMO_FACILITIES.ikeja.code}, ${DEMO_FACILITIES.yaba.code})`,
        ),
      ).map((r) => [r.code, r.id]),
    );
    const ikeja = ids[DEMO_FACILITIES.ikeja.code];
    const yaba = ids[DEMO_FACILITIES.yaba.code];
    if (ikeja != null && yaba != null) await seedMachines(tx, { ikeja, yaba });
  });
}

async function seedMachines(tx: Tx, ids: { ikeja: number; yaba: number }): Promise<void> {
  const ikeja = await demoMachine(tx, ids.ikeja, 'DEMO-LIS-C311', 'Chemistry analyser (LIS)', ['EUCR-UREA', 'EUCR-CREAT', 'FBG', 'RBG']);
  const yaba = await demoMachine(tx, ids.yaba, 'DEMO-LIS-VL', 'Viral-load analyser (LIS)', ['VL-HIV']);
  if (ikeja == null || yaba == null) return;
  const [seeded] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from instrument_messages where machine_id in (${ikeja}, ${yaba})`));
  if (seeded!.n > 0) return;
  await talk(tx, ikeja, 'hl7', DEMO_INSTRUMENT_PORTS.ikeja);
  await talk(tx, yaba, 'astm', DEMO_INSTRUMENT_PORTS.yaba);
  const db = tx as unknown as Db; // the intake opens its own (nested) transaction
  const hl7Machine = await loadMachine(tx, ikeja);
  if (hl7Machine) {
    const oru = [
      'MSH|^~\\&|COBAS_C311|IKEJA|NLIMS|IKEJA|20261120093000||ORU^R01|C311-000481|P|2.5',
      'PID|1||',
      'OBR|1||IKJ-TUBE-0481|EUCR',
      'OBX|1|NM|EUCR-UREA^Urea^L||6.2|mmol/L|2.5-7.8|N|||F|||20261120092500',
    ].join('\r');
    const read = readHl7(oru);
    if (read.kind === 'results')
      await receiveResults(db, hl7Machine, { raw: oru, controlId: read.controlId, remote: '127.0.0.1:50231', kind: 'result' }, read.observations, (o) =>
        hl7Ack(read.message, read.controlId, 'AA', `Received; ${o.entered} entered, ${o.queued.length} queued for matching`),
      );
    const [sample] = rowsOf<{ barcode: string }>(
      await tx.execute(sql`select s.barcode from samples s where s.facility_id = ${ids.ikeja} order by (s.status = 3) desc, s.id desc limit 1`),
    );
    {
      const barcode = sample?.barcode ?? 'IKJ-TUBE-0482';
      const qry = [
        'MSH|^~\\&|COBAS_C311|IKEJA|NLIMS|IKEJA|20261120094500||QRY^Q02|C311-000482|P|2.5',
        `QRD|20261120094500|R|D|C311-000482|||RD|${barcode}|OTH|||T`,
        'QRF|COBAS_C311',
      ].join('\r');
      const q = readHl7(qry);
      if (q.kind === 'query') {
        await answerQuery(db, hl7Machine, { raw: qry, controlId: q.controlId, remote: '127.0.0.1:50231', kind: 'query' }, q.barcode, (tests) =>
          hl7QueryAnswer(q, tests),
        );
      }
    }
  }
  const astmMachine = await loadMachine(tx, yaba);
  const [vl] = rowsOf<{ barcode: string }>(
    await tx.execute(sql`
      select s.barcode from samples s join test_orders t on t.sample_id = s.id join test_types tt on tt.id = t.test_type_id
      where s.facility_id = ${ids.yaba} and tt.code = 'VL-HIV' order by (t.status = 3) desc, s.id desc limit 1`),
  );
  if (astmMachine) {
    const barcode = vl?.barcode ?? 'YABA-TUBE-0107';
    const raw = ['H|\\^&|||cobas6800^1.3|||||LIS||P|1394-97|20261120101500', `Q|1|^${barcode}||^^^ALL||||||||O`, 'L|1|N'].join('\r');
    await answerQuery(db, astmMachine, { raw, controlId: '', remote: '127.0.0.1:50412', kind: 'query' }, barcode, (tests) =>
      astmQueryAnswer(barcode, tests, astmMachine.name).join('\r'),
    );
  }
}
