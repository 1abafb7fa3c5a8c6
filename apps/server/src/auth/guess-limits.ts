// Limits on guessing a secret (a password at sign-in, a second-factor code) that an attacker
// cannot turn into a lockout of the owner (decision 010): per (subject, address), per address,
// and per subject from anywhere. Past the last, the subject is guarded rather than locked: an
// address without a recent failure still gets its one check, so the owner's right secret from a
// new place goes through while each attacking address is slowed to a trickle.
import type { AppContext } from '../context.ts';
import {
  countHits,
  forgetHits,
  type Limit,
  type LimitHit,
  limits,
  recordHits,
  unknownAddress,
} from './rate-limit.ts';

export interface GuessPolicy {
  /** Failures per (subject, address): over it, that pair only is refused. */
  pair: Limit;
  /** Failures per address whatever the subject, where one address may try many subjects. */
  address?: Limit;
  /** Failures per subject from anywhere: over it, the subject is guarded. */
  subject: Limit;
  /** While guarded, the failures a pair may have had in this window (same bucket as pair). */
  guardedPair: Limit;
}

export const signInGuesses: GuessPolicy = {
  pair: limits.signInPair,
  address: limits.signInIp,
  subject: limits.signInEmail,
  guardedPair: limits.signInGuardedPair,
};

export const secondFactorGuesses: GuessPolicy = {
  pair: limits.secondFactorPair,
  subject: limits.secondFactorUser,
  guardedPair: limits.secondFactorGuardedPair,
};

export interface GuessAttempt {
  /** The events recorded for this attempt: forget them when the guess turns out right. */
  ids: string[];
}

/**
 * Counts this attempt as a failure before the secret is checked, so parallel guesses cannot all
 * slip under a limit, and returns it; or, when a limit refuses it, takes it back (a refused try
 * never counts, so retrying while refused does not extend anything) and returns null.
 */
export async function claimGuess(
  ctx: AppContext,
  policy: GuessPolicy,
  who: { subject: string; ip: string | null },
  now: Date,
): Promise<GuessAttempt | null> {
  // An address never holds '|', so the pair key is unambiguous whatever the subject holds.
  const pair = `${who.subject}|${who.ip ?? unknownAddress}`;
  const hits: LimitHit[] = [
    { limit: policy.pair, value: pair },
    { limit: policy.subject, value: who.subject },
  ];
  if (policy.address) hits.push({ limit: policy.address, value: who.ip });
  const recorded = await recordHits(ctx.db, ctx.config.dataKey, now, hits);
  let isRefused = recorded.over.some((limit) => limit !== policy.subject);
  if (!isRefused && recorded.over.includes(policy.subject)) {
    const pairFailures = await countHits(ctx.db, ctx.config.dataKey, now, {
      limit: policy.guardedPair,
      value: pair,
    });
    isRefused = pairFailures > policy.guardedPair.max;
  }
  if (isRefused) {
    await forgetHits(ctx.db, recorded.ids);
    return null;
  }
  return { ids: recorded.ids };
}
