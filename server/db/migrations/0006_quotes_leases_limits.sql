CREATE TABLE "process_leases" (
	"id" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "finishes" ADD COLUMN "kind" text DEFAULT 'metal' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "process_id" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "process_id" text;--> statement-breakpoint
ALTER TABLE "shipping_quotes" ADD COLUMN "address_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_quotes" ADD COLUMN "address" jsonb;--> statement-breakpoint
CREATE INDEX "rate_limits_window_idx" ON "rate_limits" USING btree ("window_start");--> statement-breakpoint
UPDATE "finishes" SET "kind" = 'wood' WHERE "name" IN ('White Oak', 'Ebonised Ash', 'Natural Walnut');
