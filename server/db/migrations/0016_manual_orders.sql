ALTER TABLE "order_payments" ADD COLUMN "method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "source" text DEFAULT 'checkout' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "form_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_form_key_idx" ON "orders" USING btree ("form_key");