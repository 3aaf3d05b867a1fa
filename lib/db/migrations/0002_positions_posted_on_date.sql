-- A position's posting is a calendar day (Django's DateField): the day it was posted in the club's time zone.
ALTER TABLE "open_positions" ALTER COLUMN "posted_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "open_positions" ALTER COLUMN "posted_at" SET DATA TYPE date USING ("posted_at" AT TIME ZONE 'America/Toronto')::date;--> statement-breakpoint
ALTER TABLE "open_positions" ALTER COLUMN "posted_at" SET DEFAULT (now() at time zone 'America/Toronto')::date;
