CREATE TABLE "order_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "history" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "order_links_token_idx" ON "order_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "order_links_order_idx" ON "order_links" USING btree ("order_id");