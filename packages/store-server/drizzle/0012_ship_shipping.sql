CREATE TABLE "shipping_zone_methods" (
	"instance_id" serial PRIMARY KEY NOT NULL,
	"zone_id" integer NOT NULL,
	"method_id" text NOT NULL,
	"title" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"cost" integer DEFAULT 0 NOT NULL,
	"min_amount" integer,
	CONSTRAINT "shipping_zone_methods_cost_nonnegative" CHECK ("shipping_zone_methods"."cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shipping_zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"locations" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "virtual" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "shipping_zone_methods_zone_idx" ON "shipping_zone_methods" USING btree ("zone_id","position");