CREATE TABLE "order_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"label" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"key" text NOT NULL,
	"ref" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"status" text NOT NULL,
	"retref" text,
	"resptext" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "charges_total" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_total" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "order_charges_order_idx" ON "order_charges" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_key_idx" ON "order_payments" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_ref_idx" ON "order_payments" USING btree ("ref");--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_pending_idx" ON "order_payments" USING btree ("order_id") WHERE "order_payments"."status" = 'pending';--> statement-breakpoint
-- Orders paid before this column existed were paid in full at checkout.
UPDATE "orders" SET "paid_total" = "total" WHERE "status" <> 'pending';
