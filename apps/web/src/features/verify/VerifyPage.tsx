import { normaliseVerifyCode, formatVerifyCode, type VerifyReply } from '@nlims/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { formatDateTime } from '../../shared/format/format';
import { PublicPage } from '../public/PublicPage';
import './verify.css';

type Outcome = { kind: 'loading' } | { kind: 'found'; report: VerifyReply } | { kind: 'notFound' } | { kind: 'busy'; seconds: number } | { kind: 'error' };

/** Ask the public verification API about a code; every code that was not issued is the same "not found". */
async function lookUp(code: string): Promise<Outcome> {
  try {
    const res = await fetch(`/api/verify/${encodeURIComponent(code)}/`, { headers: { accept: 'application/json' } });
    if (res.ok) return { kind: 'found', report: (await res.json()) as VerifyReply };
    if (res.status === 404 || res.status === 414) return { kind: 'notFound' };
    if (res.status === 429) return { kind: 'busy', seconds: Number(res.headers.get('retry-after')) || 60 };
    return { kind: 'error' };
  } catch {
    return { kind: 'error' };
  }
}

/**
 * A moment as the printed report writes it, in every language: 12/11/2026 18:39, Lagos time. Isolated
 * left-to-right (U+2066…U+2069) so an Arabic sentence keeps the date and the time in their order.
 */
function date(value: string | null): string {
  const text = formatDateTime(value);
  return text ? `\u2066${text}\u2069` : '—';
}

/** The box to type the code printed beside the QR code; its example is bidi-isolated, with non-breaking hyphens, so Arabic keeps it in one piece. */
function CodeForm({ initial = '' }: { initial?: string }) {
  const { t } = useTranslation('verify');
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = normaliseVerifyCode(value);
    if (!code) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    navigate(`/verify/${formatVerifyCode(code)}`);
  };
  return (
    <form className="vf-form" onSubmit={submit} noValidate>
      <label htmlFor="vf-code">{t('form.label')}</label>
      <div className="vf-form__row">
        <input
          id="vf-code"
          name="code"
          dir="ltr"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="NL-XXXX-XXXX-XXXX-XXXX"
          value={value}
          aria-invalid={invalid}
          aria-describedby="vf-code-hint"
          onChange={(e) => setValue(e.target.value)}
        />
        <button type="submit" className="pub-btn pub-btn--primary">
          {t('form.submit')}
        </button>
      </div>
      <p id="vf-code-hint" className={invalid ? 'vf-form__error' : 'vf-form__hint'} role={invalid ? 'alert' : undefined}>
        {invalid ? t('form.invalid') : t('form.hint', { example: '\u2068NL\u20117KQ4\u2011M2XD\u20119PTA\u20113HCE\u2069' })}
      </p>
    </form>
  );
}

function Facts({ report }: { report: VerifyReply }) {
  const { t } = useTranslation('verify');
  return (
    <dl className="vf-facts">
      <dt>{t('field.facility')}</dt>
      <dd>
        {report.facility}
        <span className="vf-muted"> · {report.facility_state}</span>
      </dd>
      <dt>{t('field.labNumber')}</dt>
      <dd dir="ltr" className="vf-mono">
        {report.lab_number}
      </dd>
      <dt>{t('field.tests')}</dt>
      <dd>
        <ul>
          {report.tests.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      </dd>
      <dt>{t('field.approved')}</dt>
      <dd>{date(report.approved_at)}</dd>
      <dt>{t('field.version')}</dt>
      <dd>{report.report_version}</dd>
      <dt>{t('field.code')}</dt>
      <dd dir="ltr" className="vf-mono">
        {report.code}
      </dd>
      <dt>{t('field.digest')}</dt>
      <dd>
        <strong dir="ltr" className="vf-mono vf-digest">
          {report.digest}
        </strong>
        <span className="vf-compare">{t('compare')}</span>
      </dd>
    </dl>
  );
}

function Result({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation('verify');
  switch (outcome.kind) {
    case 'loading':
      return (
        <p className="vf-muted" aria-live="polite">
          {t('loading')}
        </p>
      );
    case 'found': {
      const { report } = outcome;
      const current = report.status === 'current';
      return (
        <section className={`vf-result ${current ? 'vf-result--ok' : 'vf-result--warn'}`} aria-live="polite">
          <h2>
            <span aria-hidden="true">{current ? '✓' : '!'}</span> {current ? t('genuine.title') : t('superseded.title')}
          </h2>
          <p>{current ? t('genuine.text') : t('superseded.text', { date: date(report.superseded_at) })}</p>
          <Facts report={report} />
          <p className="vf-muted">{t('privacy')}</p>
        </section>
      );
    }
    case 'notFound':
      return (
        <section className="vf-result vf-result--bad" aria-live="polite">
          <h2>
            <span aria-hidden="true">✕</span> {t('notFound.title')}
          </h2>
          <p>{t('notFound.text')}</p>
          <ul>
            <li>{t('notFound.advice.typo')}</li>
            <li>{t('notFound.advice.lab')}</li>
            <li>{t('notFound.advice.forged')}</li>
          </ul>
        </section>
      );
    case 'busy':
      return (
        <section className="vf-result vf-result--warn" aria-live="polite">
          <h2>{t('busy.title')}</h2>
          <p>{t('busy.text', { seconds: outcome.seconds })}</p>
        </section>
      );
    default:
      return (
        <section className="vf-result vf-result--warn" aria-live="polite">
          <h2>{t('error.title')}</h2>
          <p>{t('error.text')}</p>
        </section>
      );
  }
}

/** `/verify` and `/verify/:code`: anyone holding a printed report checks it here, signed in or not. */
export default function VerifyPage() {
  const { t } = useTranslation('verify');
  const { code } = useParams();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  useEffect(() => {
    if (!code) {
      setOutcome(null);
      return;
    }
    let live = true;
    setOutcome({ kind: 'loading' });
    const normal = normaliseVerifyCode(code);
    (normal ? lookUp(normal) : Promise.resolve<Outcome>({ kind: 'notFound' })).then((next) => live && setOutcome(next));
    return () => {
      live = false;
    };
  }, [code]);
  return (
    <PublicPage>
      <article className="pub-container vf">
        <h1>{t('title')}</h1>
        <p className="vf-lead">{t('lead')}</p>
        {outcome && <Result outcome={outcome} />}
        <CodeForm key={`${code ?? ''}:${outcome?.kind ?? ''}`} initial={code && outcome?.kind !== 'found' ? code : ''} />
      </article>
    </PublicPage>
  );
}
