CREATE TABLE "scheduled_work_runs" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"error" text,
	CONSTRAINT "scheduled_work_runs_one_row" CHECK ("scheduled_work_runs"."id" = 1)
);
