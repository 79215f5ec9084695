CREATE TABLE "attribute_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"attribute_id" integer NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"menu_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attributes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	CONSTRAINT "attributes_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "product_attribute_terms" (
	"product_id" integer NOT NULL,
	"term_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"used_for_variations" boolean DEFAULT true NOT NULL,
	CONSTRAINT "product_attribute_terms_product_id_term_id_pk" PRIMARY KEY("product_id","term_id")
);
--> statement-breakpoint
CREATE TABLE "variation_attributes" (
	"variation_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	"term_id" integer NOT NULL,
	CONSTRAINT "variation_attributes_variation_id_attribute_id_pk" PRIMARY KEY("variation_id","attribute_id")
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "variation_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "variation" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "type" text DEFAULT 'simple' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "parent_id" integer;--> statement-breakpoint
ALTER TABLE "attribute_terms" ADD CONSTRAINT "attribute_terms_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attribute_terms" ADD CONSTRAINT "product_attribute_terms_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attribute_terms" ADD CONSTRAINT "product_attribute_terms_term_id_attribute_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."attribute_terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variation_attributes" ADD CONSTRAINT "variation_attributes_variation_id_products_id_fk" FOREIGN KEY ("variation_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variation_attributes" ADD CONSTRAINT "variation_attributes_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variation_attributes" ADD CONSTRAINT "variation_attributes_term_id_attribute_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."attribute_terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attribute_terms_slug_idx" ON "attribute_terms" USING btree ("attribute_id","slug");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_parent_id_products_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_parent_idx" ON "products" USING btree ("parent_id");