ALTER TABLE "membership_payments" DROP CONSTRAINT "membership_payments_state_known";--> statement-breakpoint
DROP INDEX "memberships_year_email_unique";--> statement-breakpoint
ALTER TABLE "membership_change_requests" ADD COLUMN "membership_id" integer;--> statement-breakpoint
ALTER TABLE "membership_change_requests" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "membership_change_requests" ADD COLUMN "confirmation_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "membership_change_requests" ADD COLUMN "applied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "membership_payments" ADD COLUMN "note" varchar(300);--> statement-breakpoint
ALTER TABLE "membership_payments" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "membership_payments" ADD COLUMN "reversal_reason" varchar(300);--> statement-breakpoint
ALTER TABLE "membership_refunds" ADD COLUMN "ends_membership" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_years" ADD COLUMN "unpaid_application_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "uottawa_email_key" varchar(254) GENERATED ALWAYS AS (regexp_replace(lower(normalize(trim(uottawa_email), NFKC)), '\+[^@]*@', '@')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "email_confirmation_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "email_confirmation_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "unpaid_reminder_queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "member_check_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
-- Applications made before addresses had to be confirmed were accepted as they came: they stay counted.
UPDATE "memberships" SET "email_confirmed_at" = "created_at";--> statement-breakpoint
ALTER TABLE "membership_change_requests" ADD CONSTRAINT "membership_change_requests_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_change_requests_membership_idx" ON "membership_change_requests" USING btree ("membership_id");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_year_email_key_unique" ON "memberships" USING btree ("year","uottawa_email_key") WHERE "memberships"."email_confirmed_at" is not null and "memberships"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "memberships_email_key_idx" ON "memberships" USING btree ("uottawa_email_key");--> statement-breakpoint
ALTER TABLE "membership_payments" ADD CONSTRAINT "membership_payments_state_known" CHECK ("membership_payments"."state" in ('recorded', 'confirmed', 'flagged', 'returned', 'reversed'));