ALTER TABLE "events" ADD COLUMN "published_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
-- Every event already on the site stays there: published when it was made.
UPDATE "events" SET "published_at" = "created_at";
