CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"enquiry_id" integer,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"lines" jsonb NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"build_weeks_min" integer NOT NULL,
	"build_weeks_max" integer NOT NULL,
	"deposit_percent" integer NOT NULL,
	"valid_until" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"order_ref" text,
	"claimed_at" timestamp with time zone,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_token_idx" ON "quotes" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "quotes_enquiry_idx" ON "quotes" USING btree ("enquiry_id");