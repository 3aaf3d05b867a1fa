CREATE SEQUENCE "public"."registration_queue_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"dedupe_key" varchar(200) NOT NULL,
	"kind" varchar(40) NOT NULL,
	"to_address" varchar(254) NOT NULL,
	"subject" varchar(300) NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"registration_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" varchar(500),
	"sent_at" timestamp with time zone,
	"gave_up_at" timestamp with time zone,
	CONSTRAINT "email_outbox_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "registration_status_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "registration_status_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"registration_id" integer NOT NULL,
	"from_status" varchar(20),
	"to_status" varchar(20) NOT NULL,
	"actor" varchar(10) NOT NULL,
	"actor_user_id" text,
	"actor_name" varchar(100),
	"reason" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_status_changes_actor_known" CHECK ("registration_status_changes"."actor" in ('self', 'staff', 'system'))
);
--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "status" varchar(20) DEFAULT 'confirmed' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "late_cancellation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "queued_at" bigint;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "manage_token_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "manage_token_sealed" varchar(200);--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "registration_opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "registration_closes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "waitlist_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "auto_promote" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "requires_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancellation_cutoff_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_registration_id_event_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."event_registrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_status_changes" ADD CONSTRAINT "registration_status_changes_registration_id_event_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."event_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_status_changes" ADD CONSTRAINT "registration_status_changes_actor_user_id_admin_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("sent_at","next_attempt_at");--> statement-breakpoint
CREATE INDEX "email_outbox_to_idx" ON "email_outbox" USING btree (lower("to_address"));--> statement-breakpoint
CREATE INDEX "registration_status_changes_registration_idx" ON "registration_status_changes" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "event_registrations_event_status_idx" ON "event_registrations" USING btree ("event_id","status");--> statement-breakpoint
CREATE INDEX "event_registrations_email_idx" ON "event_registrations" USING btree (lower("email"));--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_manage_token_hash_unique" UNIQUE("manage_token_hash");--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_status_known" CHECK ("event_registrations"."status" in ('submitted', 'confirmed', 'waitlisted', 'declined', 'cancelled', 'attended', 'no_show', 'excused'));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_cutoff_not_negative" CHECK ("events"."cancellation_cutoff_hours" >= 0);