-- Staff price changes under dual control (issue 29, decision 028): a proposal of kind
-- price_change names no customer (and only it), and one waits per asset at a time.
ALTER TABLE "staff_proposals" DROP CONSTRAINT "staff_proposals_kind_check";--> statement-breakpoint
ALTER TABLE "staff_proposals" ALTER COLUMN "subject_user_id" DROP NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_proposals_one_pending_price" ON "staff_proposals" USING btree (("payload" ->> 'symbol')) WHERE "staff_proposals"."status" = 'pending' and "staff_proposals"."kind" = 'price_change';--> statement-breakpoint
ALTER TABLE "staff_proposals" ADD CONSTRAINT "staff_proposals_subject_check" CHECK (("staff_proposals"."kind" = 'price_change') = ("staff_proposals"."subject_user_id" is null));--> statement-breakpoint
ALTER TABLE "staff_proposals" ADD CONSTRAINT "staff_proposals_kind_check" CHECK ("staff_proposals"."kind" in ('valuable_add', 'valuable_edit', 'valuable_delete', 'book_balance', 'request_decision', 'price_change'));