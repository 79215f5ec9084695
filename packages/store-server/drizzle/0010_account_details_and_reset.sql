ALTER TABLE "users" ADD COLUMN "first_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reset_key_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reset_key_created_at" timestamp with time zone;