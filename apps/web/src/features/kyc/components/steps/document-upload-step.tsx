// Document Upload (SPEC §2, §5; DESIGN §5): the front ("Passport Photo Page" for a passport) and,
// for any other document, the back. A file is checked here first (type, 10 MB), then uploaded
// with its progress; "Complete Verification" submits everything for review. Problems the server
// finds elsewhere are listed with a way to the step that fixes them.
import { useEffect, useMemo, useRef, useState } from 'react';
import { AlertTriangle } from 'lucide-react';
import { z } from 'zod';
import {
  type DocumentSide,
  type KycDocument,
  type KycDraftData,
  phoneMinimumLength,
} from '@secure-vault/shared/kyc';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { setServerIssues, useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { countryOptions } from '../../countries';
import { documentMaxMegabytes, documentFileProblem, documentSides } from '../../documents';
import { isAbort, uploadErrorKey, useDocumentUploads } from '../../hooks/use-document-uploads';
import { type KycScreen, screenOfIssue } from '../../steps';
import { BusyView } from '../busy-view';
import { CountryFlag } from '@/components/ui/country-flag';
import { type ChosenFile, DocumentSideField } from '../document-side-field';
import { errorText, StepActions } from '../step-parts';

const fieldOf = { front: 'documentFront', back: 'documentBack' } as const;

function uploadSchema(type: KycDraftData['documentType']) {
  const required = (message: string) => z.string(message).min(1, message);
  return z.object({
    documentFront: required('kyc:errors.documentFrontRequired'),
    documentBack:
      type === 'passport' ? z.string().optional() : required('kyc:errors.documentBackRequired'),
  });
}

interface Problem {
  screen: KycScreen;
  message: string;
}

export function DocumentUploadStep({
  data,
  documents,
  onSubmitVerification,
  onGoTo,
}: {
  data: KycDraftData;
  documents: KycDocument[];
  /** Submits the verification; rejects with the server's refusal. */
  onSubmitVerification: () => Promise<void>;
  onGoTo: (screen: KycScreen) => void;
}) {
  const { t, i18n } = useTranslation(['kyc', 'auth']);
  const type = data.documentType;
  const sides = documentSides(type);
  const schema = useMemo(() => uploadSchema(type), [type]);
  const documentOf = (side: DocumentSide) => documents.find((document) => document.side === side);
  const form = useSchemaForm(schema, {
    defaultValues: {
      documentFront: documentOf('front')?.id ?? '',
      documentBack: documentOf('back')?.id ?? '',
    },
  });
  const uploads = useDocumentUploads();
  const [chosen, setChosen] = useState<Partial<Record<DocumentSide, ChosenFile>>>({});
  const [problems, setProblems] = useState<Problem[]>([]);
  // "Processing Your Documents" from a valid Complete Verification until the answer.
  const [isProcessing, setProcessing] = useState(false);
  const { errors, isSubmitted, isSubmitting } = form.formState;

  // Previews are object URLs: let each go when it is replaced and when the step closes.
  const urls = useRef(new Set<string>());
  useEffect(() => {
    const held = urls.current;
    return () => held.forEach((url) => URL.revokeObjectURL(url));
  }, []);
  const forget = (file: ChosenFile | undefined) => {
    if (file?.url) {
      URL.revokeObjectURL(file.url);
      urls.current.delete(file.url);
    }
  };

  const choose = async (side: DocumentSide, file: File) => {
    const field = fieldOf[side];
    form.clearErrors(field);
    const problem = documentFileProblem(file);
    if (problem) {
      form.setError(field, { type: 'file', message: `kyc:errors.${problem}` });
      return;
    }
    const url = URL.createObjectURL(file);
    urls.current.add(url);
    const entry: ChosenFile = { name: file.name, size: file.size, type: file.type, url };
    setChosen((current) => {
      forget(current[side]);
      return { ...current, [side]: entry };
    });
    try {
      const document = await uploads.upload(side, file);
      setChosen((current) =>
        current[side] === entry
          ? { ...current, [side]: { ...entry, documentId: document.id } }
          : current,
      );
      form.setValue(field, document.id, { shouldValidate: isSubmitted });
    } catch (error) {
      if (isAbort(error)) return;
      setChosen((current) => {
        if (current[side] !== entry) return current;
        forget(entry);
        const { [side]: _failed, ...others } = current;
        return others;
      });
      form.setError(field, { type: 'server', message: uploadErrorKey(error) });
    }
  };

  const remove = async (side: DocumentSide, document: KycDocument) => {
    const field = fieldOf[side];
    try {
      await uploads.remove(document);
      setChosen(({ [side]: removed, ...others }) => {
        forget(removed);
        return others;
      });
      form.setValue(field, '', { shouldValidate: isSubmitted });
    } catch (error) {
      toast.error(t('saveFailed.title'), {
        description: apiErrorText(t, error, t('documentUpload.removeFailed')),
      });
    }
  };

  const onSubmit = form.handleSubmit(async () => {
    setProblems([]);
    setProcessing(true);
    try {
      await onSubmitVerification();
    } catch (error) {
      setProcessing(false);
      setServerIssues(form, error);
      const elsewhere =
        error instanceof ApiError && error.code === 'VALIDATION'
          ? error.issues.flatMap((issue) => {
              const screen = screenOfIssue(issue.path, issue.message);
              return screen && screen !== 'documentUpload'
                ? [{ screen, message: issue.message }]
                : [];
            })
          : [];
      if (elsewhere.length > 0) setProblems(elsewhere);
      else if (!(error instanceof ApiError && error.code === 'VALIDATION')) {
        toast.error(t('saveFailed.title'), {
          description: apiErrorText(t, error, t('documentUpload.submitFailed')),
        });
      }
    }
  });

  const isUploading = Object.keys(uploads.progress).length > 0;
  const country = countryOptions(i18n.language === 'ar' ? 'ar' : 'en').find(
    (option) => option.iso === data.documentCountry,
  );
  const rulesId = 'kyc-document-rules';

  if (isProcessing) {
    return (
      <BusyView
        title={t('documentUpload.processing')}
        description={t('documentUpload.processingDescription')}
      />
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <div className="grid gap-1">
        <p className="text-muted-foreground">{t('documentUpload.description')}</p>
        <p className="font-medium">
          {type ? t(`documentSelection.types.${type}`) : null}
          {country ? (
            <>
              {' · '}
              <CountryFlag iso={country.iso} className="me-1.5 align-[-2px]" />
              {country.name}
            </>
          ) : null}
        </p>
        <p id={rulesId} className="text-sm text-muted-foreground">
          {t('documentUpload.rules', { max: documentMaxMegabytes })}
        </p>
      </div>
      {problems.length > 0 ? (
        <Alert tone="danger" role="alert">
          <AlertTriangle aria-hidden className="text-destructive" />
          <div className="grid gap-2">
            <p className="font-semibold">{t('documentUpload.problemsTitle')}</p>
            <ul className="grid gap-2">
              {problems.map((problem) => (
                <li
                  key={`${problem.screen}-${problem.message}`}
                  className="flex flex-wrap items-center gap-x-3"
                >
                  <span>
                    {t(problem.message, { minimum: phoneMinimumLength(data.countryCode ?? '') })}
                  </span>
                  <Button
                    type="button"
                    variant="link"
                    size="sm"
                    className="h-auto p-0"
                    onClick={() => onGoTo(problem.screen)}
                  >
                    {t('documentUpload.fix', { step: t(`steps.${problem.screen}`) })}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        </Alert>
      ) : null}
      <div className="grid gap-4">
        {sides.map((side) => (
          <DocumentSideField
            key={side}
            title={t(
              side === 'back'
                ? 'documentUpload.sides.back'
                : type === 'passport'
                  ? 'documentUpload.sides.passportFront'
                  : 'documentUpload.sides.front',
            )}
            document={documentOf(side)}
            chosen={chosen[side]}
            progress={uploads.progress[side]}
            error={errorText(t, errors[fieldOf[side]]?.message)}
            describedBy={rulesId}
            onChoose={(file) => void choose(side, file)}
            onRemove={(document) => void remove(side, document)}
            isDisabled={isSubmitting}
          />
        ))}
      </div>
      <StepActions
        label={t('documentUpload.submit')}
        isBusy={isSubmitting}
        isDisabled={isUploading}
      />
    </form>
  );
}
