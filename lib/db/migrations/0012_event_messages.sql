CREATE TABLE "event_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"audience" varchar(20) NOT NULL,
	"subject" varchar(200) NOT NULL,
	"body" text NOT NULL,
	"recipients" integer NOT NULL,
	"sent_by_id" text,
	"sent_by_name" varchar(100) NOT NULL,
	"send_key" varchar(64) NOT NULL,
	"calendar_sequence" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_messages_send_key_unique" UNIQUE("send_key"),
	CONSTRAINT "event_messages_kind" CHECK ("event_messages"."kind" in ('message', 'change'))
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "event_message_id" integer;--> statement-breakpoint
ALTER TABLE "event_messages" ADD CONSTRAINT "event_messages_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_messages" ADD CONSTRAINT "event_messages_sent_by_id_admin_users_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_messages_event_idx" ON "event_messages" USING btree ("event_id","created_at");--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_event_message_id_event_messages_id_fk" FOREIGN KEY ("event_message_id") REFERENCES "public"."event_messages"("id") ON DELETE set null ON UPDATE no action;