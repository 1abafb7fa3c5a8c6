// Confirmation of payee (contract: findRecipient; DESIGN §5): who a transfer to an account
// number would reach, their name masked, each lookup counted against enumeration per user.
import type { Recipient } from '@secure-vault/shared/transfers';
import type { AppContext } from '../../context.ts';
import {
  type BankingUser,
  countLookup,
  ownAccount,
  partyByAccountNumber,
  unknownReceiver,
} from './account-lookups.ts';

export async function findRecipient(
  ctx: AppContext,
  user: BankingUser,
  accountNumber: string,
): Promise<Recipient> {
  await countLookup(ctx, user);
  const party = await partyByAccountNumber(ctx, accountNumber);
  if (party?.userId === user.id) throw ownAccount('querystring.accountNumber');
  if (!party) throw unknownReceiver();
  return { accountNumber: party.accountNumber, maskedName: party.maskedName };
}
