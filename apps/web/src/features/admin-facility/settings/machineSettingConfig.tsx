import { INSTRUMENT_PORT_MAX, INSTRUMENT_PORT_MIN, INSTRUMENT_PROTOCOLS, machineSettingBody } from '@nlims/contracts';
import { useTranslation } from 'react-i18next';
import { activeColumn, TagList } from '../../resources/cells';
import { activeFilter, choicesOf, number, required, text } from '../../resources/common';
import { LookupNames } from '../../resources/LookupNames';
import type { LookupSpec, ResourceConfig } from '../../resources/types';

const INSTRUMENTS: LookupSpec = { path: 'instrument' };
/** Every active catalogue test, for the tests a machine runs. */
const TESTS: LookupSpec = { path: 'test_configuration_look_up' };

function PortHint() {
  const { t } = useTranslation('admin');
  return <>{t('hint.listen_port')}</>;
}
const talks = (values: Record<string, unknown>) => values.protocol === 'hl7' || values.protocol === 'astm';

function ProtocolCell({ protocol, port }: { protocol: string; port: number | null }) {
  const { t } = useTranslation('admin');
  if (protocol !== 'hl7' && protocol !== 'astm') return <>{t('option.protocol.none')}</>;
  return (
    <bdi>
      {t(`option.protocol.${protocol}`)} · {port}
    </bdi>
  );
}

/** Instruments installed at a public or private laboratory (`machine_setting/`). */
const config: ResourceConfig = {
  path: 'machine_setting',
  title: 'resource.machineSetting',
  columns: [
    { key: 'name', label: 'field.name', sort: 'name' },
    { key: 'model', label: 'field.model', sort: 'model' },
    { key: 'serial_number', label: 'field.serial_number', sort: 'serial_number' },
    { key: 'instrument', label: 'field.instrument', render: (row) => <LookupNames spec={INSTRUMENTS} ids={row.instrument} /> },
    { key: 'tests', label: 'field.tests', render: (row) => <LookupNames spec={TESTS} ids={row.tests} /> },
    { key: 'modules', label: 'field.modules', render: (row) => <TagList values={row.modules} /> },
    { key: 'protocol', label: 'field.protocol', render: (row) => <ProtocolCell protocol={row.protocol as string} port={row.listen_port as number | null} /> },
    activeColumn,
  ],
  filters: [{ name: 'instrument', label: 'field.instrument', lookup: INSTRUMENTS }, activeFilter],
  fields: [
    required('name'),
    text('model'),
    required('serial_number'),
    { name: 'instrument', label: 'field.instrument', kind: 'lookup', lookup: INSTRUMENTS },
    { name: 'tests', label: 'field.tests', kind: 'lookup', multiple: true, wide: true, lookup: TESTS },
    { name: 'modules', label: 'field.modules', kind: 'tags', wide: true },
    // How the analyser sends its results: over HL7 or ASTM to a port of the server (the instruments' listeners).
    { name: 'protocol', label: 'field.protocol', kind: 'select', required: true, choices: choicesOf(INSTRUMENT_PROTOCOLS, 'option.protocol') },
    number('listen_port', { min: INSTRUMENT_PORT_MIN, max: INSTRUMENT_PORT_MAX, precision: 0, visible: talks, required: true, extra: () => <PortHint /> }),
  ],
  schema: machineSettingBody,
  defaults: { tests: [], modules: [], protocol: 'none', listen_port: null },
};
export default config;
