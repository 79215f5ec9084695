CREATE TABLE "cart_coupons" (
	"session_key" text NOT NULL,
	"code" text NOT NULL,
	"position" serial NOT NULL,
	CONSTRAINT "cart_coupons_session_key_code_pk" PRIMARY KEY("session_key","code")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"discount_type" text NOT NULL,
	"amount" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"minimum_amount" integer,
	"maximum_amount" integer,
	"usage_limit" integer,
	"usage_count" integer DEFAULT 0 NOT NULL,
	"individual_use" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_code_unique" UNIQUE("code"),
	CONSTRAINT "coupons_amount_nonnegative" CHECK ("coupons"."amount" >= 0),
	CONSTRAINT "coupons_usage_count_nonnegative" CHECK ("coupons"."usage_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"code" text NOT NULL,
	"discount_type" text NOT NULL,
	"discount" integer NOT NULL,
	"discount_tax" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "total_discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_coupons" ADD CONSTRAINT "cart_coupons_session_key_sessions_key_fk" FOREIGN KEY ("session_key") REFERENCES "public"."sessions"("key") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "order_coupons" ADD CONSTRAINT "order_coupons_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_coupons_order_idx" ON "order_coupons" USING btree ("order_id");