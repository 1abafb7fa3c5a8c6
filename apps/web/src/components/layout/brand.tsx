import { Link } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { paths } from '@secure-vault/shared/paths';

export function BrandMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden>
      <rect width="32" height="32" rx="7" className="fill-primary" />
      <path
        d="M16 5l9 4v6c0 5.6-3.8 10.4-9 12-5.2-1.6-9-6.4-9-12V9l9-4z"
        fill="none"
        className="stroke-accent dark:stroke-primary-foreground"
        strokeWidth="2.2"
        strokeLinejoin="round"
      />
      <circle cx="16" cy="15" r="3" className="fill-accent dark:fill-primary-foreground" />
    </svg>
  );
}

export function Brand() {
  const { t } = useTranslation('common');
  return (
    <Link
      to={paths.home}
      className="flex shrink-0 items-center gap-2 whitespace-nowrap font-semibold tracking-tight"
    >
      <BrandMark />
      <span className="text-lg">{t('brand')}</span>
    </Link>
  );
}
