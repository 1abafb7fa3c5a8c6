-- Saved recipients of transfers (features/banking/save-recipient.ts): another customer's account
-- number under the customer's own nickname, once per customer; the nickname at most 40 characters.
CREATE TABLE "saved_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account_number" text NOT NULL,
	"nickname" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_recipients_user_account_unique" UNIQUE("user_id","account_number"),
	CONSTRAINT "saved_recipients_nickname_length" CHECK (char_length("saved_recipients"."nickname") between 1 and 40)
);
--> statement-breakpoint
ALTER TABLE "saved_recipients" ADD CONSTRAINT "saved_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;