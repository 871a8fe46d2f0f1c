import type { ProgramRole } from '@nlims/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { programName, roleName } from '../../auth/roleText';
import { DASH } from '../../resources/cells';

/** A user's roles, one tag per programme: "Tuberculosis · Analyst". */
export function ProgramRolesCell({ value }: { value: unknown }) {
  const { t: tApp } = useTranslation('app');
  const roles = (Array.isArray(value) ? value : []) as ProgramRole[];
  if (!roles.length) return DASH;
  return (
    <span className="res-tags">
      {roles.map((r) => (
        <Tag key={r.programs}>
          {programName(tApp, r.programs)} · {roleName(tApp, r.roles)}
        </Tag>
      ))}
    </span>
  );
}
