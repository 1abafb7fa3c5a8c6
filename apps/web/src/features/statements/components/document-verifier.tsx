// The check on /verify: a drop zone that is also a real file input (so the keyboard and screen
// readers reach it), refusing in the browser what cannot be a signed document (not a PDF, over
// 5 MB, empty); the file's bytes go to the server as they are, and its verdict shows with what
// the document says about itself: kind, whom it was issued to (masked), period, issue time and
// journal position. The verdict's heading takes the focus, and "Check another document" gives it
// back to the file input.
import {
  type DragEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { FileUp, ShieldCheck, ShieldX } from 'lucide-react';
import { isLanguage, type Language } from '@secure-vault/shared/i18n';
import type { Verification } from '@secure-vault/shared/statements/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { monthLabel } from '../months';
import { documentAccept, type FileProblem, fileProblem, verifyDocument } from '../verify-document';

type State =
  | { step: 'choose'; error: string | null }
  | { step: 'checking'; fileName: string }
  | { step: 'done'; fileName: string; result: Verification };

const utcDateTime: Intl.DateTimeFormatOptions = {
  dateStyle: 'long',
  timeStyle: 'medium',
  timeZone: 'UTC',
};

const problemKeys: Record<FileProblem, string> = {
  notPdf: 'verify.errors.notPdf',
  tooLarge: 'verify.errors.tooLarge',
  empty: 'verify.errors.empty',
};

export function DocumentVerifier() {
  const { t, i18n } = useTranslation(['statements', 'common']);
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const id = useId();
  const [state, setState] = useState<State>({ step: 'choose', error: null });
  const [isDragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const resultTitle = useRef<HTMLHeadingElement>(null);
  const request = useRef<AbortController | null>(null);
  const focusInput = useRef(false);

  // A request still running when the page is left is dropped.
  useEffect(() => () => request.current?.abort(), []);

  // A PDF dropped beside the zone would make the browser leave the page to show it.
  useEffect(() => {
    const keep = (event: globalThis.DragEvent) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    };
    window.addEventListener('dragover', keep);
    window.addEventListener('drop', keep);
    return () => {
      window.removeEventListener('dragover', keep);
      window.removeEventListener('drop', keep);
    };
  }, []);

  useEffect(() => {
    if (state.step === 'done') resultTitle.current?.focus();
    if (state.step === 'choose' && focusInput.current) {
      focusInput.current = false;
      input.current?.focus();
    }
  }, [state.step]);

  function check(file: File) {
    const problem = fileProblem(file);
    if (problem) {
      setState({ step: 'choose', error: t(problemKeys[problem]) });
      return;
    }
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setState({ step: 'checking', fileName: file.name });
    verifyDocument(file, controller.signal).then(
      (result) => {
        if (!controller.signal.aborted) setState({ step: 'done', fileName: file.name, result });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ step: 'choose', error: failureText(error) });
      },
    );
  }

  function failureText(error: unknown): string {
    if (error instanceof ApiError) {
      if (error.code === 'FILE_TOO_LARGE') return t('verify.errors.tooLarge');
      if (error.code === 'RATE_LIMITED') return t('common:errors.rateLimited');
      if (error.code === 'UNAVAILABLE') return t('common:errors.network');
    }
    return t('verify.errors.failed');
  }

  function onDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) check(file);
  }

  function again() {
    focusInput.current = true;
    setState({ step: 'choose', error: null });
  }

  return (
    <div className="grid gap-4" aria-live="polite" data-testid="document-verifier">
      {state.step === 'choose' ? (
        <div className="grid gap-3">
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept={documentAccept}
            className="peer sr-only"
            aria-labelledby={`${id}-label`}
            aria-describedby={state.error ? `${id}-error ${id}-hint` : `${id}-hint`}
            aria-invalid={state.error ? true : undefined}
            onChange={(event) => {
              const file = event.target.files?.[0];
              // The same file chosen again is a change too.
              event.target.value = '';
              if (file) check(file);
            }}
          />
          <label
            htmlFor={`${id}-file`}
            data-testid="verify-drop-zone"
            data-dragging={isDragging || undefined}
            onDragEnter={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragOver={(event) => {
              event.preventDefault();
              event.dataTransfer.dropEffect = 'copy';
            }}
            onDragLeave={(event) => {
              const to = event.relatedTarget;
              if (!(to instanceof Node && event.currentTarget.contains(to))) setDragging(false);
            }}
            onDrop={onDrop}
            className={cn(
              'flex cursor-pointer flex-col items-center justify-center gap-3 rounded-lg border-2 border-dashed border-input bg-muted/30 px-6 py-10 text-center transition-colors hover:border-accent hover:bg-muted/60',
              'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
              isDragging && 'border-accent bg-accent/10',
              state.error && 'border-destructive',
            )}
          >
            <FileUp aria-hidden className="size-10 text-accent-strong" />
            <span id={`${id}-label`} className="text-base font-semibold">
              {isDragging ? t('verify.drop.active') : t('verify.drop.label')}
            </span>
            <span id={`${id}-hint`} className="text-sm text-muted-foreground">
              {t('verify.drop.hint')}
            </span>
          </label>
          {state.error ? (
            <p
              id={`${id}-error`}
              role="alert"
              className="text-sm text-destructive"
              data-testid="verify-error"
            >
              {state.error}
            </p>
          ) : null}
        </div>
      ) : state.step === 'checking' ? (
        <div
          className="flex flex-col items-center gap-3 rounded-lg border bg-muted/30 px-6 py-10 text-center"
          aria-busy
          data-testid="verify-checking"
        >
          <Spinner label={t('verify.checking')} className="text-base font-medium" />
          <bdi dir="auto" className="break-all text-sm text-muted-foreground">
            {state.fileName}
          </bdi>
        </div>
      ) : (
        <VerificationResult
          result={state.result}
          fileName={state.fileName}
          language={language}
          titleRef={resultTitle}
          onAgain={again}
        />
      )}
    </div>
  );
}

/** The server's verdict on a document, with what a valid one says about itself. */
function VerificationResult({
  result,
  fileName,
  language,
  titleRef,
  onAgain,
}: {
  result: Verification;
  fileName: string;
  language: Language;
  titleRef: RefObject<HTMLHeadingElement | null>;
  onAgain: () => void;
}) {
  const { t } = useTranslation('statements');
  const id = useId();
  const isStatement = result.kind === 'statement';
  const rows: { key: string; label: string; value: ReactNode }[] = [];
  if (result.valid) {
    if (result.kind) {
      rows.push({
        key: 'kind',
        label: t('verify.fields.kind'),
        value: t(`verify.kinds.${result.kind}`),
      });
    }
    if (result.issuedTo) {
      rows.push({
        key: 'issuedTo',
        label: t('verify.fields.issuedTo'),
        value: <bdi dir={result.issuedTo.includes('@') ? 'ltr' : 'auto'}>{result.issuedTo}</bdi>,
      });
    }
    if (result.period) {
      rows.push({
        key: 'period',
        label: isStatement ? t('verify.fields.period') : t('verify.fields.moment'),
        value: isStatement
          ? monthLabel(result.period, language)
          : formatDate(result.period, language, utcDateTime),
      });
    }
    if (result.issuedAt) {
      rows.push({
        key: 'issuedAt',
        label: t('verify.fields.issuedAt'),
        value: formatDate(result.issuedAt, language, utcDateTime),
      });
    }
    if (result.journalPosition) {
      rows.push({
        key: 'journalPosition',
        label: t('verify.fields.journalPosition'),
        value: (
          <bdi dir="ltr" className="font-mono">
            {result.journalPosition}
          </bdi>
        ),
      });
    }
  }
  rows.push({
    key: 'file',
    label: t('verify.fields.file'),
    value: (
      <bdi dir="auto" className="break-all">
        {fileName}
      </bdi>
    ),
  });

  return (
    <section
      aria-labelledby={`${id}-result`}
      className="grid gap-4"
      data-testid="verify-result"
      data-valid={String(result.valid)}
    >
      <Alert tone={result.valid ? 'success' : 'danger'}>
        {result.valid ? (
          <ShieldCheck aria-hidden className="text-success" />
        ) : (
          <ShieldX aria-hidden className="text-destructive" />
        )}
        <div className="grid gap-1">
          <h2
            id={`${id}-result`}
            ref={titleRef}
            tabIndex={-1}
            className="text-base font-semibold outline-none"
          >
            {result.valid ? t('verify.valid.title') : t('verify.invalid.title')}
          </h2>
          <p data-testid="verify-verdict">
            {result.valid ? t('verify.valid.body') : t('verify.invalid.body')}
          </p>
        </div>
      </Alert>
      <dl className="grid gap-x-6 gap-y-3 rounded-lg border p-4 text-sm sm:grid-cols-[minmax(0,auto)_1fr]">
        {rows.map((row) => (
          <div key={row.key} className="grid gap-0.5 sm:contents" data-testid={`verify-${row.key}`}>
            <dt className="text-muted-foreground">{row.label}</dt>
            <dd className="min-w-0 font-medium">{row.value}</dd>
          </div>
        ))}
      </dl>
      <div>
        <Button type="button" variant="outline" onClick={onAgain}>
          <FileUp aria-hidden />
          {t('verify.again')}
        </Button>
      </div>
    </section>
  );
}
