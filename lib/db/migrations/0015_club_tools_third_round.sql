CREATE TABLE "admin_trusted_devices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_trusted_devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"label" varchar(120) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "admin_trusted_devices_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "club_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"membership_contact_address" varchar(254),
	"event_messages_per_day" integer DEFAULT 3 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_settings_one_row" CHECK ("club_settings"."id" = 1),
	CONSTRAINT "club_settings_event_messages_per_day" CHECK ("club_settings"."event_messages_per_day" between 1 and 50)
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "announcements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subject" varchar(200) NOT NULL,
	"body" text NOT NULL,
	"audience" jsonb NOT NULL,
	"recipients" integer NOT NULL,
	"sent_by_id" text,
	"sent_by_name" varchar(100) NOT NULL,
	"send_key" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcements_send_key_unique" UNIQUE("send_key")
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "announcement_id" integer;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "reminder_queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "unannounced_changes" varchar(10)[];--> statement-breakpoint
ALTER TABLE "admin_trusted_devices" ADD CONSTRAINT "admin_trusted_devices_user_id_admin_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_sent_by_id_admin_users_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_trusted_devices_user_idx" ON "admin_trusted_devices" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "event_registrations" SET "reminder_queued_at" = "queued"."at" FROM (SELECT "registration_id", min("created_at") AS "at" FROM "email_outbox" WHERE "kind" = 'reminder' AND "registration_id" IS NOT NULL GROUP BY "registration_id") AS "queued" WHERE "queued"."registration_id" = "event_registrations"."id";
