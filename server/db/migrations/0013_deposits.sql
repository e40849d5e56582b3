ALTER TABLE "order_payments" ADD COLUMN "refunded" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "payment_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deposit" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "studio_config" ADD COLUMN "deposit_percent" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "studio_config" ADD COLUMN "deposit_minimum" numeric(12, 2) DEFAULT 500 NOT NULL;