ALTER TABLE "email_outbox" ADD COLUMN "claim_token" varchar(36);--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "resends" integer DEFAULT 0 NOT NULL;