// The account overview of /inter-accounts (SPEC §2): the account number, the cash balance, the
// value of everything else still in the vault (net worth less cash, by the vault summary's rule in
// db/wire.ts, at the book's prices now) and the KYC status.
import { eq, sql } from 'drizzle-orm';
import type { AccountOverview } from '@secure-vault/shared/banking';
import { dec, toFixedString, usdScale } from '@secure-vault/shared/money';
import type { AppContext } from '../../context.ts';
import { kycVerifications } from '../../db/kyc-schema.ts';
import { profiles } from '../../db/schema.ts';
import { valuables } from '../../db/vault-schema.ts';
import { inVault, isCash, valueNow } from '../../db/wire.ts';

export async function getAccount(ctx: AppContext, userId: string): Promise<AccountOverview> {
  const [profile] = await ctx.db
    .select({ accountNumber: profiles.accountNumber, kycStatus: kycVerifications.status })
    .from(profiles)
    .leftJoin(kycVerifications, eq(kycVerifications.userId, profiles.userId))
    .where(eq(profiles.userId, userId));
  // Every account has a profile; a signed-in caller without one is a fault, not an answer.
  if (!profile) throw new Error('The caller has no profile.');
  const [totals] = await ctx.db
    .select({
      cash: sql<string | null>`sum(${valueNow}) filter (where ${isCash})`,
      assets: sql<string | null>`sum(${valueNow}) filter (where not (${isCash}))`,
      // The rule ledger_request and ledger_convert_to_cash apply (migration 0011).
      convertible: sql<string | null>`sum(${valueNow}) filter (where not (${isCash})
        and ${valuables.status} = 'active' and ${valuables.estimatedValue} > 0)`,
    })
    .from(valuables)
    .where(sql`${valuables.userId} = ${userId} and ${inVault}`);
  return {
    accountNumber: profile.accountNumber,
    cashBalance: toFixedString(dec(totals?.cash ?? '0'), usdScale),
    totalAssets: toFixedString(dec(totals?.assets ?? '0')),
    convertibleAssets: toFixedString(dec(totals?.convertible ?? '0')),
    kycStatus: profile.kycStatus ?? 'not_started',
  };
}
