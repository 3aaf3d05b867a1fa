CREATE TABLE "membership_change_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "membership_change_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(100) NOT NULL,
	"uottawa_email" varchar(254) NOT NULL,
	"member_id" varchar(20),
	"changes" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"handled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "membership_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "membership_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"membership_id" integer NOT NULL,
	"method" varchar(20) NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" varchar(3) DEFAULT 'CAD' NOT NULL,
	"received_on" date NOT NULL,
	"transaction_reference" varchar(100) NOT NULL,
	"state" varchar(20) DEFAULT 'recorded' NOT NULL,
	"problem" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by" text,
	"recorded_by_name" varchar(100) NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by_name" varchar(100),
	CONSTRAINT "membership_payments_method_known" CHECK ("membership_payments"."method" in ('etransfer', 'cash', 'other')),
	CONSTRAINT "membership_payments_state_known" CHECK ("membership_payments"."state" in ('recorded', 'confirmed', 'flagged')),
	CONSTRAINT "membership_payments_amount_positive" CHECK ("membership_payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "membership_refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "membership_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"membership_id" integer NOT NULL,
	"payment_id" integer,
	"amount_cents" integer NOT NULL,
	"currency" varchar(3) DEFAULT 'CAD' NOT NULL,
	"reason" varchar(300) NOT NULL,
	"state" varchar(20) DEFAULT 'pending' NOT NULL,
	"refunded_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by" text,
	"recorded_by_name" varchar(100) NOT NULL,
	CONSTRAINT "membership_refunds_state_known" CHECK ("membership_refunds"."state" in ('pending', 'done')),
	CONSTRAINT "membership_refunds_amount_positive" CHECK ("membership_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "membership_status_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "membership_status_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"membership_id" integer NOT NULL,
	"from_status" varchar(20),
	"to_status" varchar(20) NOT NULL,
	"actor" varchar(10) NOT NULL,
	"actor_user_id" text,
	"actor_name" varchar(100),
	"reason" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_status_changes_actor_known" CHECK ("membership_status_changes"."actor" in ('applicant', 'staff', 'system'))
);
--> statement-breakpoint
CREATE TABLE "membership_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "membership_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"year" integer NOT NULL,
	"name" varchar(60) NOT NULL,
	"description" varchar(300) DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" varchar(3) DEFAULT 'CAD' NOT NULL,
	"sale_opens_on" date NOT NULL,
	"sale_closes_on" date NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "membership_types_price_positive" CHECK ("membership_types"."price_cents" >= 0),
	CONSTRAINT "membership_types_sale_order" CHECK ("membership_types"."sale_opens_on" <= "membership_types"."sale_closes_on"),
	CONSTRAINT "membership_types_valid_order" CHECK ("membership_types"."valid_from" <= "membership_types"."valid_until")
);
--> statement-breakpoint
CREATE TABLE "membership_years" (
	"year" integer PRIMARY KEY NOT NULL,
	"etransfer_address" varchar(254) NOT NULL,
	"etransfer_instructions" text NOT NULL,
	"last_member_number" integer DEFAULT 0 NOT NULL,
	"accepting_applications" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "memberships_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"year" integer NOT NULL,
	"type_id" integer NOT NULL,
	"payment_reference" varchar(20) NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"member_id" varchar(20),
	"legal_name" varchar(100) NOT NULL,
	"preferred_name" varchar(60) NOT NULL,
	"uottawa_email" varchar(254) NOT NULL,
	"program" varchar(100) NOT NULL,
	"year_of_study" varchar(20) NOT NULL,
	"expected_graduation_year" integer NOT NULL,
	"industries" jsonb NOT NULL,
	"notification_consent" boolean NOT NULL,
	"terms_accepted_at" timestamp with time zone NOT NULL,
	"personal_email" varchar(254),
	"wechat_id" varchar(40),
	"linkedin_url" varchar(500),
	"preferred_event_kinds" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" varchar(3) DEFAULT 'CAD' NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"suspended_from" date,
	"suspended_until" date,
	"suspension_reason" varchar(300),
	"expiry_reminder_queued_at" timestamp with time zone,
	CONSTRAINT "memberships_payment_reference_unique" UNIQUE("payment_reference"),
	CONSTRAINT "memberships_member_id_unique" UNIQUE("member_id"),
	CONSTRAINT "memberships_status_known" CHECK ("memberships"."status" in ('pending', 'active', 'payment_review', 'suspended', 'expired', 'refunded', 'cancelled')),
	CONSTRAINT "memberships_price_positive" CHECK ("memberships"."price_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "admin_users" DROP CONSTRAINT "admin_users_role_known";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "membership_id" integer;--> statement-breakpoint
ALTER TABLE "membership_payments" ADD CONSTRAINT "membership_payments_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_payments" ADD CONSTRAINT "membership_payments_recorded_by_admin_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_refunds" ADD CONSTRAINT "membership_refunds_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_refunds" ADD CONSTRAINT "membership_refunds_payment_id_membership_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."membership_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_refunds" ADD CONSTRAINT "membership_refunds_recorded_by_admin_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_status_changes" ADD CONSTRAINT "membership_status_changes_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_status_changes" ADD CONSTRAINT "membership_status_changes_actor_user_id_admin_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_types" ADD CONSTRAINT "membership_types_year_membership_years_year_fk" FOREIGN KEY ("year") REFERENCES "public"."membership_years"("year") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_year_membership_years_year_fk" FOREIGN KEY ("year") REFERENCES "public"."membership_years"("year") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_type_id_membership_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."membership_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_change_requests_created_at_idx" ON "membership_change_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "membership_payments_membership_idx" ON "membership_payments" USING btree ("membership_id");--> statement-breakpoint
CREATE INDEX "membership_payments_reference_idx" ON "membership_payments" USING btree (lower("transaction_reference"));--> statement-breakpoint
CREATE INDEX "membership_refunds_membership_idx" ON "membership_refunds" USING btree ("membership_id");--> statement-breakpoint
CREATE INDEX "membership_status_changes_membership_idx" ON "membership_status_changes" USING btree ("membership_id");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_types_year_name_unique" ON "membership_types" USING btree ("year","name");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_year_email_unique" ON "memberships" USING btree ("year",lower(trim("uottawa_email")));--> statement-breakpoint
CREATE INDEX "memberships_status_idx" ON "memberships" USING btree ("status");--> statement-breakpoint
CREATE INDEX "memberships_email_idx" ON "memberships" USING btree (lower("uottawa_email"));--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_users" ADD CONSTRAINT "admin_users_role_known" CHECK ("admin_users"."role" in ('super_admin', 'coordinator', 'finance', 'event_lead'));