-- Submissions of an organisation with a webhook for response.completed write one small job row in
-- their statement (R-HOOK-3) instead of the deliveries themselves; the delivery pass turns jobs into
-- deliveries: one small row on the answer path, as an alert job, instead of a join, a body and five indexes.
CREATE TABLE "webhook_response_jobs" (
	"response_id" bigint PRIMARY KEY NOT NULL,
	"survey_id" integer NOT NULL,
	"completed_at" timestamp with time zone NOT NULL
);
