ALTER TABLE "event_registrations" ADD COLUMN "pool" varchar(10) DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "membership_id" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "member_places" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "staff_places" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "members_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "member_registration_opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "requires_deposit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "category" varchar(40);--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_registrations_membership_idx" ON "event_registrations" USING btree ("membership_id");--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_pool_known" CHECK ("event_registrations"."pool" in ('member', 'public', 'staff'));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_reserved_places_fit" CHECK ("events"."member_places" >= 0 and "events"."staff_places" >= 0 and ("events"."capacity" is null or "events"."member_places" + "events"."staff_places" <= "events"."capacity"));