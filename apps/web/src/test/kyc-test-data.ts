// Test helpers for the KYC wizard: a customer's state as GET /me/kyc answers it, the API stubbed
// around it (saves answer with the merged state), and uploads through a stand-in XMLHttpRequest.
import { vi } from 'vitest';
import type { KycDocument, KycDraftData, KycState } from '@secure-vault/shared/kyc';
import { stubApi } from '@/test/render';

export const accountEmail = 'customer@example.com';

export function kycState(overrides: Partial<KycState> = {}): KycState {
  return {
    status: 'draft',
    step: 0,
    data: {},
    verifiedPhone: null,
    documents: [],
    rejectionReason: null,
    submittedAt: null,
    decidedAt: null,
    ...overrides,
  };
}

export function kycDocument(overrides: Partial<KycDocument> = {}): KycDocument {
  return {
    id: crypto.randomUUID(),
    side: 'front',
    name: 'passport.png',
    size: 2 * 1024 * 1024,
    type: 'image/png',
    uploadedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

type Reply = { status: number; body?: unknown };
type Route = Reply | ((url: string, init: RequestInit) => Reply);

/**
 * Stubs the session and GET /me/kyc with `state`; PUT /me/kyc/draft answers the state with the
 * step and the answers merged in. `routes` adds or replaces answers.
 */
export function stubKyc(state: KycState, routes: Record<string, Route> = {}) {
  let current = state;
  return stubApi({
    'GET /api/v1/auth/current-session': {
      status: 200,
      body: {
        session: {
          user: { id: '0b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10', email: accountEmail },
          isAdmin: false,
          impersonatedBy: null,
          hasTwoFactor: false,
          hasPasskey: false,
        },
      },
    },
    'GET /api/v1/me/kyc': () => ({ status: 200, body: current }),
    'PUT /api/v1/me/kyc/draft': (_url, init) => {
      const body = JSON.parse(init.body as string) as { step: number; data: KycDraftData };
      current = {
        ...current,
        status: 'draft',
        step: body.step,
        data: { ...current.data, ...body.data },
      };
      return { status: 200, body: current };
    },
    ...routes,
  });
}

/** The body of the n-th call of a method and path (JSON). */
export function sentBody(fetchMock: ReturnType<typeof stubApi>, key: string, index = 0): unknown {
  const calls = fetchMock.mock.calls.filter(
    ([url, init]) => `${init?.method ?? 'GET'} ${url}` === key,
  );
  const init = calls[index]?.[1];
  return init?.body ? JSON.parse(init.body as string) : undefined;
}

/** Uploads answer at once with a stored document for the side sent. */
export function stubUploads(answer: (side: string, file: File) => Reply = defaultUpload) {
  const sent: { side: string; file: File }[] = [];
  class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    private listeners = new Map<string, () => void>();
    upload = { addEventListener: () => {} };
    open() {}
    setRequestHeader() {}
    addEventListener(type: string, listener: () => void) {
      this.listeners.set(type, listener);
    }
    abort() {
      this.listeners.get('abort')?.();
    }
    send(body: FormData) {
      const side = body.get('side') as string;
      const file = body.get('file') as File;
      sent.push({ side, file });
      const reply = answer(side, file);
      setTimeout(() => {
        this.status = reply.status;
        this.responseText = reply.body === undefined ? '' : JSON.stringify(reply.body);
        this.listeners.get('load')?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

function defaultUpload(side: string, file: File): Reply {
  return {
    status: 201,
    body: kycDocument({
      side: side as KycDocument['side'],
      name: file.name,
      size: file.size,
      type: 'image/png',
    }),
  };
}

/** A file of `size` bytes (its content does not matter to the browser's check). */
export function fileOf(name: string, type: string, size = 1024): File {
  const file = new File([new Uint8Array(Math.min(size, 1024))], name, { type });
  if (size > 1024) Object.defineProperty(file, 'size', { value: size });
  return file;
}
