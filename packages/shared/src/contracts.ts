// Every API operation's contract, by feature: the server's contract test holds the registered
// routes and this list equal, so an operation cannot exist on one side only.
import type { Contract } from './contract.ts';
import * as admin from './admin/contracts.ts';
import * as alerts from './alerts/contracts.ts';
import * as approvals from './approvals/contracts.ts';
import * as audit from './audit/contracts.ts';
import * as auth from './auth/contracts.ts';
import * as banking from './banking/contracts.ts';
import * as contact from './contact/contracts.ts';
import * as custody from './custody/contracts.ts';
import * as dev from './dev/contracts.ts';
import * as health from './health/contracts.ts';
import * as history from './history/contracts.ts';
import * as kyc from './kyc/contracts.ts';
import * as ledgerCheck from './ledger-check/contracts.ts';
import * as mailQueue from './mail-queue/contracts.ts';
import * as notifications from './notifications/contracts.ts';
import * as orders from './orders/contracts.ts';
import * as passkeys from './passkeys/contracts.ts';
import * as performance from './performance/contracts.ts';
import * as prices from './prices/contracts.ts';
import * as recurring from './recurring/contracts.ts';
import * as staffAccess from './staff-access/contracts.ts';
import * as statements from './statements/contracts.ts';
import * as trading from './trading/contracts.ts';
import * as vault from './vault/contracts.ts';

export const contractsByFeature = {
  admin,
  alerts,
  approvals,
  audit,
  auth,
  banking,
  contact,
  custody,
  dev,
  health,
  history,
  kyc,
  ledgerCheck,
  mailQueue,
  notifications,
  orders,
  passkeys,
  performance,
  prices,
  recurring,
  staffAccess,
  statements,
  trading,
  vault,
} as const satisfies Record<string, Record<string, Contract>>;

export const allContracts: readonly Contract[] = Object.values(contractsByFeature).flatMap(
  (feature) => Object.values<Contract>(feature),
);
