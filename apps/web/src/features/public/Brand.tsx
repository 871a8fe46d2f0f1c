import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 64 64" width={size} height={size}>
      <rect width="64" height="64" rx="14" fill="#0b6e4f" />
      <path d="M25 14h14v4h-3v12l11 17a4 4 0 0 1-3.4 6H20.4a4 4 0 0 1-3.4-6l11-17V18h-3z" fill="#fff" />
      <path d="M22 42h20l4.5 7a1.3 1.3 0 0 1-1.1 2H18.6a1.3 1.3 0 0 1-1.1-2z" fill="#7fd3a8" />
    </svg>
  );
}

export function Brand() {
  const { t } = useTranslation('public');
  return (
    <Link to="/" className="pub-brand" title={t('app.fullName')}>
      <BrandMark />
      <span className="pub-brand__name">{t('app.name')}</span>
    </Link>
  );
}
