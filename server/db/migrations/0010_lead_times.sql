ALTER TABLE "divergence_sizes" ADD COLUMN "lead_days" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "divergence_sizes" ADD COLUMN "build_weeks_min" integer DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE "divergence_sizes" ADD COLUMN "build_weeks_max" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_window" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "lead_days" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "build_weeks_min" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "build_weeks_max" integer;--> statement-breakpoint
ALTER TABLE "studio_config" ADD COLUMN "backlog_weeks" integer DEFAULT 0 NOT NULL;