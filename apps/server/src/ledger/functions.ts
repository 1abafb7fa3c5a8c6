// The SQL functions the server calls (their sources: ./sql/<name>.sql), each described once with
// its arguments in declaration order (db/sql-function.ts); calls name every argument.
// db/sql-function.test.ts holds each descriptor equal to the live function.
import { sqlFunction } from '../db/sql-function.ts';

/** What every customer movement starts with: who, who for, when, under which key. */
const movement = {
  p_user: 'uuid',
  p_actor: 'uuid',
  p_at: 'timestamptz',
  p_key: 'text',
  p_hash: 'text',
} as const;

export const ledgerMoveCash = sqlFunction('ledger_move_cash', {
  p_user: 'uuid',
  p_delta: 'numeric',
  p_kind: 'text',
  p_reference: 'text',
  p_actor: 'uuid',
  p_at: 'timestamptz',
  p_counter: 'text',
  p_item: 'text',
  p_note: 'text',
});

export const ledgerTrade = sqlFunction('ledger_trade', {
  ...movement,
  p_side: 'text',
  p_symbol: 'text',
  p_quantity: 'numeric',
  p_price: 'numeric',
  p_cash: 'numeric',
  p_new: 'jsonb',
  p_reference: 'text',
  p_answer: 'jsonb',
});

export const ledgerSwap = sqlFunction('ledger_swap', {
  ...movement,
  p_from: 'text',
  p_from_quantity: 'numeric',
  p_from_price: 'numeric',
  p_to: 'text',
  p_to_quantity: 'numeric',
  p_to_price: 'numeric',
  p_cash: 'numeric',
  p_new: 'jsonb',
  p_reference: 'text',
  p_answer: 'jsonb',
});

export const ledgerFixTerm = sqlFunction('ledger_fix_term', {
  ...movement,
  p_id: 'uuid',
  p_valuable: 'uuid',
  p_quantity: 'numeric',
  p_months: 'integer',
  p_rate: 'numeric',
  p_language: 'text',
  p_assets: 'jsonb',
  p_request: 'text',
});

export const ledgerMatureTerm = sqlFunction('ledger_mature_term', {
  p_id: 'uuid',
  p_at: 'timestamptz',
  p_assets: 'jsonb',
  p_request: 'text',
});

export const ledgerRequestDelivery = sqlFunction('ledger_request_delivery', {
  ...movement,
  p_id: 'uuid',
  p_valuable: 'uuid',
  p_quantity: 'numeric',
  p_recipient: 'jsonb',
  p_language: 'text',
  p_assets: 'jsonb',
  p_request: 'text',
});

export const ledgerDeliveryStatus = sqlFunction('ledger_delivery_status', {
  p_id: 'uuid',
  p_status: 'text',
  p_actor: 'uuid',
  p_customer: 'uuid',
  p_at: 'timestamptz',
  p_key_owner: 'uuid',
  p_key: 'text',
  p_hash: 'text',
  p_assets: 'jsonb',
  p_ip: 'text',
  p_request: 'text',
});

export const ledgerStaffCash = sqlFunction('ledger_staff_cash', {
  p_user: 'uuid',
  p_actor: 'uuid',
  p_at: 'timestamptz',
  p_kind: 'text',
  p_amount: 'numeric',
  p_audit_action: 'text',
  p_audit_details: 'jsonb',
  p_ip: 'text',
  p_item: 'text',
  p_note: 'text',
});

export const ledgerStaffItem = sqlFunction('ledger_staff_item', {
  p_user: 'uuid',
  p_actor: 'uuid',
  p_at: 'timestamptz',
  p_valuable: 'uuid',
  p_item: 'jsonb',
  p_audit_action: 'text',
  p_audit_details: 'jsonb',
  p_ip: 'text',
});

export const ledgerBookBalance = sqlFunction('ledger_book_balance', {
  p_user: 'uuid',
  p_maker: 'uuid',
  p_checker: 'uuid',
  p_amount: 'numeric',
  p_proposal: 'uuid',
  p_at: 'timestamptz',
  p_ip: 'text',
});

export const ledgerDecideProposal = sqlFunction('ledger_decide_proposal', {
  p_id: 'uuid',
  p_staff: 'uuid',
  p_decision: 'text',
  p_reason: 'text',
  p_at: 'timestamptz',
  p_ip: 'text',
  p_assets: 'jsonb',
  p_request: 'text',
});

export const ledgerClaimKey = sqlFunction('ledger_claim_key', {
  p_user: 'uuid',
  p_key: 'text',
  p_hash: 'text',
  p_at: 'timestamptz',
});

export const ledgerTransfer = sqlFunction('ledger_transfer', {
  ...movement,
  p_id: 'uuid',
  p_receiver_account: 'text',
  p_valuable: 'uuid',
  p_quantity: 'numeric',
  p_assets: 'jsonb',
  p_language: 'text',
  p_lookup_bucket: 'text',
  p_lookup_key: 'text',
  p_lookup_since: 'timestamptz',
  p_lookup_max: 'integer',
  p_request: 'text',
});

export const ledgerRequest = sqlFunction('ledger_request', {
  ...movement,
  p_id: 'uuid',
  p_type: 'text',
  p_amount: 'numeric',
  p_reference: 'text',
  p_details: 'jsonb',
  p_language: 'text',
  p_extra: 'jsonb',
  p_request: 'text',
});

export const ledgerSettle = sqlFunction('ledger_settle', {
  p_id: 'uuid',
  p_type: 'text',
  p_status: 'text',
  p_reason: 'text',
  p_actor: 'uuid',
  p_customer: 'uuid',
  p_at: 'timestamptz',
  p_key_owner: 'uuid',
  p_key: 'text',
  p_hash: 'text',
  p_assets: 'jsonb',
  p_ip: 'text',
  p_request: 'text',
});

/** Every descriptor, for the test that holds them equal to the database. */
export const ledgerFunctions = [
  ledgerMoveCash,
  ledgerTrade,
  ledgerSwap,
  ledgerFixTerm,
  ledgerMatureTerm,
  ledgerRequestDelivery,
  ledgerDeliveryStatus,
  ledgerStaffCash,
  ledgerStaffItem,
  ledgerBookBalance,
  ledgerClaimKey,
  ledgerTransfer,
  ledgerRequest,
  ledgerSettle,
];

export const ledgerPlaceOrder = sqlFunction('ledger_place_order', {
  ...movement,
  p_id: 'uuid',
  p_side: 'text',
  p_symbol: 'text',
  p_quantity: 'numeric',
  p_limit: 'numeric',
  p_reserve: 'numeric',
  p_expires: 'timestamptz',
  p_language: 'text',
  p_max_open: 'integer',
  p_assets: 'jsonb',
  p_reference: 'text',
});

export const ledgerFillOrders = sqlFunction('ledger_fill_orders', {
  p_symbol: 'text',
  p_at: 'timestamptz',
  p_max: 'integer',
  p_assets: 'jsonb',
  p_app_url: 'text',
  p_request: 'text',
});

export const ledgerCloseOrder = sqlFunction('ledger_close_order', {
  p_id: 'uuid',
  p_user: 'uuid',
  p_status: 'text',
  p_actor: 'uuid',
  p_at: 'timestamptz',
  p_assets: 'jsonb',
  p_app_url: 'text',
  p_request: 'text',
});
