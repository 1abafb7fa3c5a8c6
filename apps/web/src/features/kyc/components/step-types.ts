import type { KycDraftData, KycState } from '@secure-vault/shared/kyc';

export interface CompleteOptions {
  /** Keep the step on screen at least this long (the currency step's "Creating Your Account"). */
  holdMs?: number;
  /** Runs once the answers are saved, before the wizard moves on. */
  afterSave?: (state: KycState) => Promise<void>;
}

/** Saves a step's answers with the next step (DESIGN §5), then moves on; rejects on failure. */
export type Complete = (answers: KycDraftData, options?: CompleteOptions) => Promise<void>;

export interface StepProps {
  /** The answers saved so far. */
  data: KycDraftData;
  onComplete: Complete;
}
