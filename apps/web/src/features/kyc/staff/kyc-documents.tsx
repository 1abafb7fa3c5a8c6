// The identity document a customer uploaded, side by side: photos shown inline (the browser loads
// them from the same origin with the staff session's cookie; each view is audited), PDFs and HEIC
// photos, which browsers do not show inline, as links that open in a new tab.
import { useState } from 'react';
import { ExternalLink, FileText, ImageOff } from 'lucide-react';
import type { DocumentMediaType, KycDocument, KycReview } from '@secure-vault/shared/kyc';
import * as kyc from '@secure-vault/shared/kyc/contracts';
import { apiUrl } from '@/lib/api-client';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { fileSize } from '../documents';

const inlineTypes: readonly DocumentMediaType[] = ['image/jpeg', 'image/png', 'image/webp'];
const sideOrder = { front: 0, back: 1 } as const;

export function KycDocuments({ review }: { review: KycReview }) {
  const { t } = useTranslation('admin');
  const documents = [...review.documents].sort((a, b) => sideOrder[a.side] - sideOrder[b.side]);
  const isPassport = review.data.documentType === 'passport';
  return (
    <section aria-labelledby="kyc-documents-title" className="grid gap-3">
      <h3 id="kyc-documents-title" className="font-semibold">
        {t('kyc.documents.title')}
      </h3>
      {documents.length === 0 ? (
        <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
          {t('kyc.documents.none')}
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {documents.map((document) => (
            <DocumentItem
              key={document.id}
              userId={review.userId}
              document={document}
              label={
                document.side === 'front' && isPassport
                  ? t('kyc.documents.passportPage')
                  : t(`kyc.documents.${document.side}`)
              }
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function DocumentItem({
  userId,
  document,
  label,
}: {
  userId: string;
  document: KycDocument;
  label: string;
}) {
  const { t } = useTranslation('admin');
  const [hasFailed, setHasFailed] = useState(false);
  const url = apiUrl(kyc.getKycDocument, { params: { userId, id: document.id } });
  const size = fileSize(document.size, currentLanguage());
  const isInline = inlineTypes.includes(document.type) && !hasFailed;
  const openLabel =
    document.type === 'application/pdf' ? t('kyc.documents.openPdf') : t('kyc.documents.open');

  return (
    <li className="grid content-start gap-2 rounded-md border p-3" data-testid="kyc-document">
      <p className="font-medium">{label}</p>
      {isInline ? (
        <img
          src={url}
          alt={t('kyc.documents.imageAlt', { side: label, name: document.name })}
          className="max-h-80 w-full rounded-md border bg-muted object-contain"
          onError={() => setHasFailed(true)}
        />
      ) : (
        <div className="flex min-h-24 flex-col items-center justify-center gap-2 rounded-md border border-dashed bg-muted/40 p-4 text-center text-sm text-muted-foreground">
          {hasFailed ? (
            <>
              <ImageOff aria-hidden className="size-6" />
              <span role="status">{t('kyc.documents.imageFailed')}</span>
            </>
          ) : (
            <FileText aria-hidden className="size-6" />
          )}
        </div>
      )}
      <p className="text-sm text-muted-foreground">
        <bdi className="break-all">{document.name}</bdi>
        {' · '}
        {t(size.unit === 'kb' ? 'kyc.documents.sizeKb' : 'kyc.documents.sizeMb', {
          size: size.size,
        })}
      </p>
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1.5 justify-self-start text-sm font-medium text-accent-strong underline-offset-4 hover:underline"
        data-testid="kyc-document-open"
      >
        <ExternalLink aria-hidden className="size-4 rtl:-scale-x-100" />
        {openLabel}
        <span className="sr-only">
          {' '}
          ({label}, {t('kyc.documents.newTab')})
        </span>
      </a>
    </li>
  );
}
