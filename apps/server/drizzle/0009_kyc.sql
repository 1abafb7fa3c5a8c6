-- Identity verification (DESIGN §5): one verification per customer (no row = not started) with
-- the wizard's draft answers, the confirmed phone and the staff decision; and the identity
-- documents' metadata (their encrypted bytes are in document storage), one per side.
CREATE TABLE "kyc_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"side" text NOT NULL,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"media_type" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_documents_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "kyc_documents_side_check" CHECK ("kyc_documents"."side" in ('front', 'back')),
	CONSTRAINT "kyc_documents_media_type_check" CHECK ("kyc_documents"."media_type" in ('image/jpeg', 'image/png', 'image/heic', 'image/webp', 'application/pdf'))
);
--> statement-breakpoint
CREATE TABLE "kyc_verifications" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"verified_phone" text,
	"rejection_reason" text,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_verifications_status_check" CHECK ("kyc_verifications"."status" in ('draft', 'submitted', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_verifications" ADD CONSTRAINT "kyc_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_documents_user_side_idx" ON "kyc_documents" USING btree ("user_id","side");