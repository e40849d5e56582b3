ALTER TABLE "order_refunds" ADD COLUMN "form_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_form_key_idx" ON "order_refunds" USING btree ("form_key");