ALTER TABLE "subscriptions" ADD COLUMN "wanted" text DEFAULT 'subscribed' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "unsubscribed_at" timestamp with time zone;