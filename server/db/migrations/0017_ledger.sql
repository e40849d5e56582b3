ALTER TABLE "order_payments" ADD COLUMN "source" text DEFAULT 'order_page' NOT NULL;--> statement-breakpoint
CREATE INDEX "order_payments_order_idx" ON "order_payments" USING btree ("order_id");--> statement-breakpoint
UPDATE "order_payments" SET "source" = 'in_person' WHERE "method" <> 'card';--> statement-breakpoint
INSERT INTO "order_payments" ("order_id", "key", "ref", "amount", "status", "retref", "resptext", "refunded", "method", "source", "created_at", "settled_at")
SELECT o."id", 'checkout-' || o."order_ref", o."order_ref", coalesce(o."deposit", o."total"), 'approved', o."payment_ref", '',
  coalesce((SELECT sum(r."amount") FROM "order_refunds" r WHERE r."order_id" = o."id" AND r."payment_id" IS NULL AND r."respstat" = 'A'), 0),
  'card', 'checkout', coalesce(o."paid_at", o."created_at"), coalesce(o."paid_at", o."created_at")
FROM "orders" o
WHERE o."source" = 'checkout' AND o."payment_ref" IS NOT NULL AND o."status" NOT IN ('pending', 'failed')
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "order_refunds" r SET "payment_id" = p."id"
FROM "order_payments" p
WHERE r."payment_id" IS NULL AND p."order_id" = r."order_id" AND p."source" = 'checkout';
