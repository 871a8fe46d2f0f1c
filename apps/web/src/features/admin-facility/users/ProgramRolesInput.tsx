import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { administeredPrograms, ROLES, type ProgramRole } from '@nlims/contracts';
import { Button, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/useSession';
import { programName, roleName } from '../../auth/roleText';

interface Props {
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
}

/**
 * One role per programme, as rows of (programme, role). Only the programmes
 * this administrator administers (holds Admin in) and the facility runs are
 * offered: it grants roles in no other (DESIGN §3), and the server refuses
 * one all the same.
 */
export function ProgramRolesInput({ id, value, onChange }: Props) {
  const { t } = useTranslation('admin');
  const { t: tApp } = useTranslation('app');
  const { user } = useSession();
  const rows = (Array.isArray(value) ? value : []) as Partial<ProgramRole>[];
  const grantable = user ? administeredPrograms(user.programs_roles).filter((name) => user.facility_programs.includes(name)) : [];
  const taken = new Set(rows.map((r) => r.programs));
  const programOptions = grantable.map((name) => ({ value: name, label: programName(tApp, name), disabled: taken.has(name) }));
  const roleOptions = ROLES.map((role) => ({ value: role, label: roleName(tApp, role) }));
  const update = (next: Partial<ProgramRole>[]) => onChange?.(next);

  return (
    <div className="roles-input" id={id}>
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in an edited list with no identity of their own
        <div className="roles-input__row" key={index}>
          <Select
            className="roles-input__program"
            aria-label={t('field.program')}
            placeholder={t('field.program')}
            value={row.programs}
            options={programOptions}
            onChange={(programs: string) => update(rows.map((r, i) => (i === index ? { ...r, programs } : r)))}
          />
          <Select
            className="roles-input__role"
            aria-label={t('field.role')}
            placeholder={t('field.role')}
            value={row.roles}
            options={roleOptions}
            onChange={(roles: ProgramRole['roles']) => update(rows.map((r, i) => (i === index ? { ...r, roles } : r)))}
          />
          <Button aria-label={t('users.removeRole')} icon={<DeleteOutlined />} onClick={() => update(rows.filter((_, i) => i !== index))} />
        </div>
      ))}
      <Button type="dashed" icon={<PlusOutlined />} onClick={() => update([...rows, {}])}>
        {t('users.addRole')}
      </Button>
    </div>
  );
}
