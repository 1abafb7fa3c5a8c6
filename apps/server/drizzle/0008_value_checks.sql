-- Text columns the code fills from a closed set (shared ledgerKinds, itemTypes, languages; the
-- purposes in db/schema.ts) now refuse anything else (db/one-of.ts). Adding a constraint checks
-- every existing row, so this fails, changing nothing, if a row holds a value outside its set:
-- every value any release wrote is in the sets (ledger kinds since 0002, 'swap_cash' and
-- 'rounding' from 0005/0006). The journal is append-only, so a kind found there must be added
-- to ledgerKinds rather than rewritten.
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_purpose_check" CHECK ("auth_tokens"."purpose" in ('password_reset', 'impersonation'));--> statement-breakpoint
ALTER TABLE "code_sends" ADD CONSTRAINT "code_sends_purpose_check" CHECK ("code_sends"."purpose" in ('sign_up', 'kyc', 'bank_registration'));--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_language_check" CHECK ("contact_messages"."language" in ('en', 'ar'));--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_purpose_check" CHECK ("one_time_codes"."purpose" in ('sign_up', 'kyc', 'bank_registration'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('buy', 'sell', 'swap_out', 'swap_in', 'swap_cash', 'transfer_out', 'transfer_in', 'deposit', 'withdrawal', 'refund', 'asset_to_cash', 'fixed_term_start', 'fixed_term_profit', 'fixed_term_end', 'delivery', 'admin_add', 'admin_edit', 'admin_delete', 'rounding'));--> statement-breakpoint
ALTER TABLE "valuables" ADD CONSTRAINT "valuables_item_type_check" CHECK ("valuables"."item_type" in ('jewelry', 'electronics', 'artwork', 'documents', 'collectibles', 'precious_metals', 'fund_transfer', 'inheritance', 'donations', 'other', 'cash', 'crypto'));