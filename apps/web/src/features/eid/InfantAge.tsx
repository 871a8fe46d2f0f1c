import { ageInWeeks } from '@nlims/contracts';
import { Alert, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { todayLagos } from '../../shared/format/format';
import { useClient } from '../clients/api';

/**
 * On the EID request form: the infant's age in completed weeks today (the
 * day the sample is taken, as a rule), from the client's date of birth — the
 * first PCR is due at 6 weeks. Reads the order form's chosen client.
 */
export function InfantAge() {
  const { t } = useTranslation('eid');
  const clientId = Form.useWatch<number | undefined>('client');
  const client = useClient(clientId ?? null);
  if (clientId == null || !client.data) return null;
  const weeks = ageInWeeks(client.data.date_of_birth, todayLagos());
  return (
    <div className="eid-infant-age" data-testid="eid-infant-age" style={{ marginTop: 16 }}>
      <Alert type={weeks == null ? 'warning' : 'info'} showIcon title={weeks == null ? t('age.unknown') : t('age.today', { count: weeks })} />
    </div>
  );
}
