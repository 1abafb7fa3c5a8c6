// One side of the identity document: choose or replace its file (a real file input, labelled by
// the side's name), a preview of an image, its name and size ("420 KB", "1.4 MB"), the upload's progress, and
// the reason a file was refused.
import { useId } from 'react';
import { CheckCircle2, FileText, Trash2 } from 'lucide-react';
import type { KycDocument } from '@secure-vault/shared/kyc';
import { isLanguage } from '@secure-vault/shared/i18n';
import { Button, buttonVariants } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { documentAccept, fileSize, isPreviewable } from '../documents';
import { ProgressBar } from './progress-bar';

export interface ChosenFile {
  name: string;
  size: number;
  type: string;
  /** An object URL for the preview of an image. */
  url: string | null;
  /** The document the server made of it, once uploaded. */
  documentId?: string;
}

export function DocumentSideField({
  title,
  document,
  chosen,
  progress,
  error,
  describedBy,
  onChoose,
  onRemove,
  isDisabled,
}: {
  title: string;
  /** What the server holds for this side. */
  document: KycDocument | undefined;
  /** The file chosen on this page, shown until another replaces it. */
  chosen: ChosenFile | undefined;
  /** The share uploaded, while uploading. */
  progress: number | undefined;
  /** Why the last file was refused, already translated. */
  error: string | undefined;
  /** The rules the files must follow. */
  describedBy: string;
  onChoose: (file: File) => void;
  onRemove: (document: KycDocument) => void;
  isDisabled: boolean;
}) {
  const { t, i18n } = useTranslation('kyc');
  const id = useId();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const isUploading = progress !== undefined;
  const shown = chosen ?? document;
  const { unit: sizeUnit, size } = fileSize(shown?.size ?? 0, language);
  const isStored =
    document !== undefined && !isUploading && (!chosen || chosen.documentId === document.id);
  const percent = Math.round((progress ?? 0) * 100);
  const previewUrl = chosen && isPreviewable(chosen.type) ? chosen.url : null;

  return (
    <div className={cn('grid gap-3 rounded-md border p-4', error && 'border-destructive')}>
      <p id={`${id}-title`} className="font-medium">
        {title}
      </p>
      {shown ? (
        <div className="flex flex-wrap items-center gap-3">
          {previewUrl && shown === chosen ? (
            <img
              src={previewUrl}
              alt={t('documentUpload.preview', { side: title })}
              className="max-h-40 max-w-full rounded border object-contain"
            />
          ) : (
            <FileText aria-hidden className="size-10 shrink-0 text-muted-foreground" />
          )}
          <p className="min-w-0 text-sm">
            <bdi dir="ltr" className="block break-all font-medium" data-testid="kyc-file-name">
              {shown.name}
            </bdi>
            <span className="text-muted-foreground">
              {t(sizeUnit === 'kb' ? 'documentUpload.sizeKb' : 'documentUpload.sizeMb', { size })}
            </span>
          </p>
          {isStored ? (
            <span className="inline-flex items-center gap-1 text-sm font-medium text-success">
              <CheckCircle2 aria-hidden className="size-4" />
              {t('documentUpload.uploaded')}
            </span>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t('documentUpload.noFile')}</p>
      )}
      {isUploading ? (
        <div className="grid gap-1" aria-live="polite">
          <ProgressBar
            value={percent}
            max={100}
            label={t('documentUpload.uploading', { percent })}
          />
          <p className="text-sm text-muted-foreground">
            {t('documentUpload.uploading', { percent })}
          </p>
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={`${id}-input`}
          type="file"
          accept={documentAccept}
          className="peer sr-only"
          aria-labelledby={`${id}-title`}
          aria-describedby={error ? `${id}-error ${describedBy}` : describedBy}
          aria-invalid={Boolean(error)}
          disabled={isDisabled}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // The same file chosen again is a change too.
            event.target.value = '';
            if (file) onChoose(file);
          }}
        />
        <label
          htmlFor={`${id}-input`}
          aria-hidden
          className={buttonVariants({
            variant: 'outline',
            size: 'sm',
            className:
              'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring peer-disabled:pointer-events-none peer-disabled:opacity-50',
          })}
        >
          {shown ? t('documentUpload.replace') : t('documentUpload.choose')}
        </label>
        {document && !isUploading ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            disabled={isDisabled}
            onClick={() => onRemove(document)}
          >
            <Trash2 aria-hidden />
            {t('documentUpload.remove')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
