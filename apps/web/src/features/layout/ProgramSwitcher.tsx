import { landingForProgram, truncate, TRUNCATE, userPrograms } from '@nlims/contracts';
import { Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { setProgram } from '../../api/session';
import { useSession } from '../auth/useSession';
import { programName } from '../auth/roleText';
import { useAccess } from '../auth/useAccess';

/** Staff switch programme here; admins, super admins and tier users see it as plain text. */
export function ProgramSwitcher() {
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  const { user, program } = useSession();
  const ctx = useAccess();
  if (!user) return null;

  if (ctx.admin || ctx.superuser || ctx.tier != null) {
    return (
      <Typography.Text className="app-program-text" title={ctx.program ? programName(t, ctx.program) : undefined}>
        {ctx.program ? truncate(programName(t, ctx.program), TRUNCATE.program) : t('layout.allPrograms')}
      </Typography.Text>
    );
  }

  return (
    <Select
      className="app-program-select"
      aria-label={t('layout.program')}
      value={program ?? undefined}
      placeholder={t('layout.selectProgram')}
      popupMatchSelectWidth={false}
      options={userPrograms(user).map((name) => ({ value: name, label: truncate(programName(t, name), TRUNCATE.program), title: programName(t, name) }))}
      onChange={(next: string) => {
        setProgram(next);
        navigate(landingForProgram(user, next));
      }}
    />
  );
}
