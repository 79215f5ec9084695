ALTER TABLE "users" ADD COLUMN "billing" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "shipping" jsonb;