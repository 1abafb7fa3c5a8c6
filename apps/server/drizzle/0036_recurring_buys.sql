-- Recurring buys (issue 29): a customer's plan to buy a fixed amount of an asset weekly or monthly,
-- and each period it ran, once per plan and period.
CREATE TABLE "recurring_buy_runs" (
	"plan_id" uuid NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"quantity" numeric(30, 8),
	"total" numeric(30, 8),
	"reference" text,
	"reason" text,
	"ran_at" timestamp with time zone NOT NULL,
	CONSTRAINT "recurring_buy_runs_plan_id_run_at_pk" PRIMARY KEY("plan_id","run_at"),
	CONSTRAINT "recurring_buy_runs_outcome_check" CHECK ("recurring_buy_runs"."outcome" in ('bought', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "recurring_buys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"frequency" text NOT NULL,
	"day" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"next_run_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "recurring_buys_frequency_check" CHECK ("recurring_buys"."frequency" in ('weekly', 'monthly')),
	CONSTRAINT "recurring_buys_status_check" CHECK ("recurring_buys"."status" in ('active', 'paused', 'cancelled')),
	CONSTRAINT "recurring_buys_amount_check" CHECK ("recurring_buys"."amount" > 0),
	CONSTRAINT "recurring_buys_day_check" CHECK ("recurring_buys"."day" >= 1 and "recurring_buys"."day" <= case when "recurring_buys"."frequency" = 'weekly' then 7 else 31 end),
	CONSTRAINT "recurring_buys_next_check" CHECK (("recurring_buys"."status" = 'active') = ("recurring_buys"."next_run_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "recurring_buy_runs" ADD CONSTRAINT "recurring_buy_runs_plan_id_recurring_buys_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."recurring_buys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_buys" ADD CONSTRAINT "recurring_buys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recurring_buys_user_idx" ON "recurring_buys" USING btree ("user_id","created_at" DESC NULLS LAST);