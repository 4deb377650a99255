CREATE TABLE "app_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"log_date" date NOT NULL,
	"level" text NOT NULL,
	"category" text NOT NULL,
	"org_id" integer,
	"action" text NOT NULL,
	"route" text NOT NULL,
	"http_status" smallint,
	"message" text NOT NULL,
	CONSTRAINT "app_logs_level_check" CHECK ("app_logs"."level" in ('info', 'warning', 'error', 'audit'))
);
--> statement-breakpoint
CREATE INDEX "app_logs_ts_idx" ON "app_logs" USING btree ("ts");