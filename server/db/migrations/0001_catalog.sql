CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"content" text NOT NULL,
	"link" text,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bases" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"material" text NOT NULL,
	"starting_price" numeric(12, 2) NOT NULL,
	"sale_price" numeric(12, 2),
	"visibility" text DEFAULT 'Visible' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"inventory_id" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"specification" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"campaign_id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"image_url" text NOT NULL,
	"created_date" timestamp with time zone NOT NULL,
	"html" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carousel_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"title" text NOT NULL,
	"subtitle" text NOT NULL,
	"button_link" text NOT NULL,
	"button_text" text NOT NULL,
	"is_external" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "divergence_metadata" (
	"divergence_id" integer PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"specification" text NOT NULL,
	"live_edge_price" numeric(12, 2) NOT NULL,
	"ceramic_coating_price" numeric(12, 2) NOT NULL,
	"general_imagery" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "divergence_sizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"species_id" integer NOT NULL,
	"size" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "divergence_species" (
	"id" serial PRIMARY KEY NOT NULL,
	"divergence_id" integer NOT NULL,
	"name" text NOT NULL,
	"species_general_imagery" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"species_finishes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" text NOT NULL,
	"description" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enquiries" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"fields" jsonb NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"spam" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faq_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"section" text NOT NULL,
	"content" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finishes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image_file_name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "finishes_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "media_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"videos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seo_title" text,
	"seo_description" text
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"title" text NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"quantity" integer NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"email" text NOT NULL,
	"delivery_name" text NOT NULL,
	"address" jsonb NOT NULL,
	"subtotal" numeric(12, 2) NOT NULL,
	"shipping_total" numeric(12, 2) NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"payment_ref" text,
	"shipping" jsonb,
	"label" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portfolio_projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"species" text,
	"year" integer,
	"description" text NOT NULL,
	"quote" text,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"variant_type" text,
	"thumbnail" text,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"sale_price" numeric(12, 2),
	"stock" integer DEFAULT 0 NOT NULL,
	"tag" text DEFAULT 'none' NOT NULL,
	"visibility" text DEFAULT 'Visible' NOT NULL,
	"light_text" boolean DEFAULT false NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"videos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"inventory_id" text NOT NULL,
	"specification" text DEFAULT '' NOT NULL,
	"grain" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"custom_shipping" boolean DEFAULT false NOT NULL,
	"length" double precision NOT NULL,
	"width" double precision NOT NULL,
	"height" double precision NOT NULL,
	"weight" double precision NOT NULL,
	"type" text DEFAULT 'Product' NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"material" text,
	"live_edge" text,
	"top_finish" text,
	"seo_title" text,
	"seo_description" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slabs" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"starting_price" numeric(12, 2) NOT NULL,
	"sale_price" numeric(12, 2),
	"visibility" text DEFAULT 'Visible' NOT NULL,
	"category" text NOT NULL,
	"species" text NOT NULL,
	"tone" text NOT NULL,
	"grain" text NOT NULL,
	"length" double precision NOT NULL,
	"width" double precision NOT NULL,
	"thickness" double precision NOT NULL,
	"seats" integer DEFAULT 0 NOT NULL,
	"origin" text NOT NULL,
	"size" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"inventory_id" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studio_config" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"legal_name" text NOT NULL,
	"tagline" text NOT NULL,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"country" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"hours" jsonb NOT NULL,
	"socials" jsonb NOT NULL,
	"founder_name" text NOT NULL,
	"founder_slug" text NOT NULL,
	"founder_bio" text NOT NULL,
	"founder_images" jsonb NOT NULL,
	"story" text NOT NULL,
	"story_video_url" text,
	"lead_tracking_script_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "testimonials" (
	"id" serial PRIMARY KEY NOT NULL,
	"message" text NOT NULL,
	"rating" integer NOT NULL,
	"author" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bases_search_trgm_idx" ON "bases" USING gist ("search_text" gist_trgm_ops(siglen=256));--> statement-breakpoint
CREATE INDEX "divergence_sizes_species_idx" ON "divergence_sizes" USING btree ("species_id");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "products_parent_idx" ON "products" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gist ("search_text" gist_trgm_ops(siglen=256));--> statement-breakpoint
CREATE INDEX "slabs_search_trgm_idx" ON "slabs" USING gist ("search_text" gist_trgm_ops(siglen=256));--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_email_idx" ON "subscriptions" USING btree ("email");