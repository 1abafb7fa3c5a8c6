-- Passkeys (issue 28): each account's WebAuthn credentials, the challenges issued and not yet
-- answered, and whether a session was proven with a passkey. auth_session() answers that too, and
-- whether the account has a passkey: its new signature is made by its file (auth/sql).
DROP FUNCTION IF EXISTS auth_session(text, timestamptz, timestamptz);--> statement-breakpoint
CREATE TABLE "passkey_challenges" (
	"challenge" text PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "passkey_challenges_purpose_check" CHECK ("passkey_challenges"."purpose" in ('register', 'authenticate')),
	CONSTRAINT "passkey_challenges_owner_check" CHECK (("passkey_challenges"."purpose" = 'register') = ("passkey_challenges"."user_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "passkeys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"credential_id" text NOT NULL,
	"public_key" "bytea" NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" text[] DEFAULT '{}'::text[] NOT NULL,
	"name" text NOT NULL,
	"is_backed_up" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "passkeys_credential_id_unique" UNIQUE("credential_id"),
	CONSTRAINT "passkeys_counter_check" CHECK ("passkeys"."counter" >= 0),
	CONSTRAINT "passkeys_name_check" CHECK (char_length("passkeys"."name") between 1 and 64)
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "passkey_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "passkey_challenges" ADD CONSTRAINT "passkey_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passkeys" ADD CONSTRAINT "passkeys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "passkey_challenges_expires_idx" ON "passkey_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "passkeys_user_id_idx" ON "passkeys" USING btree ("user_id","created_at");