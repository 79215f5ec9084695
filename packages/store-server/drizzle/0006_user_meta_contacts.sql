CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"surname" text DEFAULT '' NOT NULL,
	"group_name" text DEFAULT '' NOT NULL,
	"form_id" text DEFAULT '' NOT NULL,
	"plugin" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "user_meta" (
	"user_id" integer NOT NULL,
	"meta_key" text NOT NULL,
	"meta_value" text NOT NULL,
	CONSTRAINT "user_meta_user_id_meta_key_pk" PRIMARY KEY("user_id","meta_key")
);
--> statement-breakpoint
ALTER TABLE "user_meta" ADD CONSTRAINT "user_meta_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;