CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"sku" text,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"line_total" integer NOT NULL,
	CONSTRAINT "order_lines_quantity_positive" CHECK ("order_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_key" text NOT NULL,
	"status" text DEFAULT 'checkout-draft' NOT NULL,
	"session_key" text,
	"customer_id" integer DEFAULT 0 NOT NULL,
	"created_via" text NOT NULL,
	"currency" text NOT NULL,
	"payment_method" text DEFAULT '' NOT NULL,
	"payment_method_title" text DEFAULT '' NOT NULL,
	"billing" jsonb,
	"shipping" jsonb,
	"customer_note" text DEFAULT '' NOT NULL,
	"total_items" integer DEFAULT 0 NOT NULL,
	"total_shipping" integer DEFAULT 0 NOT NULL,
	"total_tax" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"extensions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attribution" jsonb,
	"request_hash" text,
	"placed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_order_key_unique" UNIQUE("order_key"),
	CONSTRAINT "orders_total_nonnegative" CHECK ("orders"."total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_draft_per_session_idx" ON "orders" USING btree ("session_key") WHERE "orders"."status" = 'checkout-draft';--> statement-breakpoint
CREATE INDEX "orders_session_idx" ON "orders" USING btree ("session_key","id");