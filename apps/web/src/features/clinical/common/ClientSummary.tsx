import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ageOf } from '../../../shared/format/format';

interface ClientLike {
  sex: string;
  date_of_birth: string | null;
  identifiers?: { identifier_type_name: string; identifier: string }[];
  client_identifiers?: { identifier_type_name: string; identifier: string }[];
  /** Sample list rows carry the hospital number itself. */
  hospital_number?: string | null;
  /** …and the client's identifier of the sample's programme (EID: the exposed-infant number), which is shown instead. */
  programme_identifier?: { type: string; identifier: string } | null;
}

/** "35 years", "4 months", "10 days" (SPEC §9 ages). */
export function ageText(t: TFunction, dateOfBirth: string | null | undefined): string {
  const age = ageOf(dateOfBirth);
  return age ? t(`age.${age.unit}`, { count: age.count }) : '';
}

export const sexText = (t: TFunction, sex: string) => (sex === 'male' || sex === 'female' ? t(`sex.${sex}`) : sex);

/** The hospital number is the identifier shown by default; N/A when the client has none (SPEC §3). */
export function hospitalNumber(client: ClientLike): string {
  if (client.hospital_number !== undefined) return client.hospital_number ?? 'N/A';
  const ids = client.identifiers ?? client.client_identifiers ?? [];
  return ids.find((i) => /hospital/i.test(i.identifier_type_name))?.identifier ?? 'N/A';
}

/** Sex · age · hospital number, on one line under a client's name. */
export function ClientFacts({ client }: { client: ClientLike }) {
  const { t } = useTranslation('clinical');
  // Results rows carry no identifiers; the hospital number is shown where it is known.
  const known = client.identifiers != null || client.client_identifiers != null || client.hospital_number !== undefined;
  const parts = [sexText(t, client.sex), ageText(t, client.date_of_birth)].filter(Boolean);
  const own = client.programme_identifier;
  return (
    <span className="clin-facts">
      {parts.join(' · ')}
      {own ? (
        <>
          {parts.length > 0 && ' · '}
          <bdi>{own.type}</bdi>: <bdi className="clin-identifier">{own.identifier}</bdi>
        </>
      ) : (
        known && (
          <>
            {parts.length > 0 && ' · '}
            {t('client.hospitalNumber')}: {/* an identifier keeps its own direction and stays whole in right-to-left text */}
            <bdi className="clin-identifier">{hospitalNumber(client)}</bdi>
          </>
        )
      )}
    </span>
  );
}

/**
 * A sample's label (the laboratory number, then -2, -3… for an order's further samples) with the provisional number it
 * was printed with offline, if any, and its sample type under it.
 */
export function SampleLabel({ row }: { row: { lab_number: string; barcode?: string; provisional_number?: string | null; sample_type_name?: string | null } }) {
  return (
    <div>
      <div className="clin-lab-number">{row.barcode ?? row.lab_number}</div>
      {row.provisional_number && (
        <div className="clin-muted" data-testid="provisional-number">
          <bdi dir="ltr">{row.provisional_number}</bdi>
        </div>
      )}
      {row.sample_type_name && <div className="clin-muted">{row.sample_type_name}</div>}
    </div>
  );
}

/** The sample (label and type) and client columns that open every sample and result table. */
export function sampleColumns<T extends ClientLike & { lab_number: string; barcode?: string; sample_type_name?: string | null; client_name: string }>(
  t: TFunction,
) {
  return [
    { key: 'lab', title: t('samples.labNumber'), render: (_: unknown, r: T) => <SampleLabel row={r} /> },
    {
      key: 'client',
      title: t('samples.client'),
      render: (_: unknown, r: T) => (
        <div className="clin-client-cell">
          <div>{r.client_name}</div>
          <ClientFacts client={r} />
        </div>
      ),
    },
  ];
}
