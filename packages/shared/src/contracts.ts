// Every API operation's contract, by feature: the server's contract test holds the registered
// routes and this list equal, so an operation cannot exist on one side only.
import type { Contract } from './contract.ts';
import * as trading from './trading/contracts.ts';
import * as vault from './vault/contracts.ts';

export const contractsByFeature = {
  trading,
  vault,
} as const satisfies Record<string, Record<string, Contract>>;

export const allContracts: readonly Contract[] = Object.values(contractsByFeature).flatMap(
  (feature) => Object.values(feature),
);
