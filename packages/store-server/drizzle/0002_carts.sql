CREATE TABLE "cart_items" (
	"session_key" text NOT NULL,
	"item_key" text NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"position" serial NOT NULL,
	CONSTRAINT "cart_items_session_key_item_key_pk" PRIMARY KEY("session_key","item_key"),
	CONSTRAINT "cart_items_quantity_positive" CHECK ("cart_items"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_session_key_sessions_key_fk" FOREIGN KEY ("session_key") REFERENCES "public"."sessions"("key") ON DELETE cascade ON UPDATE cascade;