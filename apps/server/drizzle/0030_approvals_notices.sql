-- Staff's approvals queue is a category of notice (notify_customer tells every other staff member of a
-- proposal waiting for them, in the centre only).
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_category_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_category_check" CHECK ("notifications"."category" in ('security', 'money', 'custody', 'kyc', 'approvals'));