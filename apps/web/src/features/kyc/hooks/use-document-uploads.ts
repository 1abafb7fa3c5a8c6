// Uploading and removing the document's sides (DESIGN §5): one request per file with its
// progress, a new file for a side cancelling the one still on its way, and the answers kept in
// the KYC cache so the step shows what the server holds.
import { useEffect, useRef, useState } from 'react';
import i18next from 'i18next';
import type { DocumentSide, KycDocument } from '@secure-vault/shared/kyc';
import * as kyc from '@secure-vault/shared/kyc/contracts';
import { ApiError, callApi, uploadApi } from '@/lib/api-client';
import { useStoreKycState } from './use-kyc-state';

/** A failed upload's message key: the server's field message, its code's text, or ours. */
export function uploadErrorKey(error: unknown): string {
  if (!(error instanceof ApiError)) return 'kyc:documentUpload.uploadFailed';
  const issue = error.issues[0]?.message;
  if (error.code === 'VALIDATION' && issue && i18next.exists(issue)) return issue;
  if (error.code === 'UNAVAILABLE') return 'common:errors.network';
  if (error.code === 'RATE_LIMITED') return 'common:errors.rateLimited';
  const key = `auth:codes.${error.code}`;
  return i18next.exists(key) ? key : 'kyc:documentUpload.uploadFailed';
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export function useDocumentUploads() {
  const storeState = useStoreKycState();
  /** The share sent of each side's upload in flight (0 to 1). */
  const [progress, setProgress] = useState<Partial<Record<DocumentSide, number>>>({});
  const controllers = useRef(new Map<DocumentSide, AbortController>());

  useEffect(() => {
    const inFlight = controllers.current;
    return () => {
      for (const controller of inFlight.values()) controller.abort();
    };
  }, []);

  const upload = async (side: DocumentSide, file: File): Promise<KycDocument> => {
    controllers.current.get(side)?.abort();
    const controller = new AbortController();
    controllers.current.set(side, controller);
    const formData = new FormData();
    // The side first: the server reads the form as it streams in.
    formData.append('side', side);
    formData.append('file', file, file.name);
    setProgress((shown) => ({ ...shown, [side]: 0 }));
    try {
      const document = await uploadApi(kyc.uploadKycDocument, {
        formData,
        signal: controller.signal,
        onProgress: (fraction) => setProgress((shown) => ({ ...shown, [side]: fraction })),
      });
      storeState((state) => ({
        ...state,
        documents: [...state.documents.filter((d) => d.side !== side), document],
      }));
      return document;
    } finally {
      if (controllers.current.get(side) === controller) {
        controllers.current.delete(side);
        setProgress(({ [side]: _done, ...others }) => others);
      }
    }
  };

  const remove = async (document: KycDocument): Promise<void> => {
    await callApi(kyc.deleteKycDocument, { params: { id: document.id } });
    storeState((state) => ({
      ...state,
      documents: state.documents.filter((d) => d.id !== document.id),
    }));
  };

  return { progress, upload, remove };
}
