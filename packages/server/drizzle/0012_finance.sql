-- Issue 14: finance records, bank statement imports, and the records summed per day and per month
-- (finance_day_totals, finance_month_totals), which the overviews and counts read. Triggers keep
-- the sums: one statement-level trigger per event with its transition table, so an import of
-- 10,000 records updates the sums once, grouped, instead of once per row. Sums are locked in key
-- order before they change, so two transactions changing the same days cannot deadlock on them.
-- A delete only subtracts from sums that exist: when an organisation is deleted its sums may
-- already be gone (all three tables cascade from it), and then there is nothing left to keep.
CREATE TABLE "finance_day_totals" (
	"organization_id" integer NOT NULL,
	"day" date NOT NULL,
	"direction" text NOT NULL,
	"category" text NOT NULL,
	"btw_rate" text NOT NULL,
	"record_count" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"btw_cents" bigint NOT NULL,
	CONSTRAINT "finance_day_totals_pk" PRIMARY KEY("organization_id","day","direction","category","btw_rate")
);
--> statement-breakpoint
CREATE TABLE "finance_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"line_count" integer NOT NULL,
	"imported_count" integer NOT NULL,
	"duplicate_count" integer NOT NULL,
	"refused_count" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finance_imports_format_check" CHECK ("finance_imports"."format" in ('camt053', 'mt940', 'csv'))
);
--> statement-breakpoint
CREATE TABLE "finance_month_totals" (
	"organization_id" integer NOT NULL,
	"month" date NOT NULL,
	"direction" text NOT NULL,
	"category" text NOT NULL,
	"btw_rate" text NOT NULL,
	"record_count" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"btw_cents" bigint NOT NULL,
	CONSTRAINT "finance_month_totals_pk" PRIMARY KEY("organization_id","month","direction","category","btw_rate")
);
--> statement-breakpoint
CREATE TABLE "finance_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"date" date NOT NULL,
	"direction" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"btw_rate" text,
	"btw_cents" bigint NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"counterparty" text DEFAULT '' NOT NULL,
	"attachment_ref" text,
	"source" text NOT NULL,
	"import_id" integer,
	"bank_account" text,
	"bank_reference" text,
	"duplicate_key" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finance_records_direction_check" CHECK ("finance_records"."direction" in ('income', 'cost')),
	CONSTRAINT "finance_records_btw_rate_check" CHECK ("finance_records"."btw_rate" is null or "finance_records"."btw_rate" in ('21', '9', '0', 'exempt')),
	CONSTRAINT "finance_records_source_check" CHECK ("finance_records"."source" in ('manual', 'import')),
	CONSTRAINT "finance_records_import_check" CHECK (("finance_records"."source" = 'import') = ("finance_records"."import_id" is not null)),
	CONSTRAINT "finance_records_amount_check" CHECK ("finance_records"."amount_cents" > 0 and "finance_records"."amount_cents" <= 999999999999),
	CONSTRAINT "finance_records_btw_check" CHECK ("finance_records"."btw_cents" >= 0 and "finance_records"."btw_cents" <= "finance_records"."amount_cents")
);
--> statement-breakpoint
ALTER TABLE "finance_day_totals" ADD CONSTRAINT "finance_day_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_imports" ADD CONSTRAINT "finance_imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_imports" ADD CONSTRAINT "finance_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_month_totals" ADD CONSTRAINT "finance_month_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_records" ADD CONSTRAINT "finance_records_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_records" ADD CONSTRAINT "finance_records_import_id_finance_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."finance_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_records" ADD CONSTRAINT "finance_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "finance_imports_organization_idx" ON "finance_imports" USING btree ("organization_id","id");--> statement-breakpoint
CREATE INDEX "finance_records_organization_date_idx" ON "finance_records" USING btree ("organization_id","date","id");--> statement-breakpoint
CREATE INDEX "finance_records_organization_amount_idx" ON "finance_records" USING btree ("organization_id","amount_cents","id");--> statement-breakpoint
CREATE INDEX "finance_records_import_idx" ON "finance_records" USING btree ("import_id");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_records_duplicate_key_unique" ON "finance_records" USING btree ("organization_id","duplicate_key");--> statement-breakpoint
CREATE FUNCTION "finance_records_add_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "finance_day_totals" AS t
    ("organization_id", "day", "direction", "category", "btw_rate", "record_count", "amount_cents", "btw_cents")
  SELECT "organization_id", "date", "direction", "category", coalesce("btw_rate", ''), count(*), sum("amount_cents"), sum("btw_cents")
  FROM added
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ("organization_id", "day", "direction", "category", "btw_rate") DO UPDATE SET
    "record_count" = t."record_count" + excluded."record_count",
    "amount_cents" = t."amount_cents" + excluded."amount_cents",
    "btw_cents" = t."btw_cents" + excluded."btw_cents";
  INSERT INTO "finance_month_totals" AS t
    ("organization_id", "month", "direction", "category", "btw_rate", "record_count", "amount_cents", "btw_cents")
  SELECT "organization_id", date_trunc('month', "date")::date, "direction", "category", coalesce("btw_rate", ''), count(*), sum("amount_cents"), sum("btw_cents")
  FROM added
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ("organization_id", "month", "direction", "category", "btw_rate") DO UPDATE SET
    "record_count" = t."record_count" + excluded."record_count",
    "amount_cents" = t."amount_cents" + excluded."amount_cents",
    "btw_cents" = t."btw_cents" + excluded."btw_cents";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "finance_records_subtract_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "finance_day_totals" t
  JOIN (SELECT DISTINCT "organization_id", "date" AS "day", "direction", "category", coalesce("btw_rate", '') AS "btw_rate" FROM removed) g
    ON t."organization_id" = g."organization_id" AND t."day" = g."day" AND t."direction" = g."direction"
    AND t."category" = g."category" AND t."btw_rate" = g."btw_rate"
  ORDER BY t."organization_id", t."day", t."direction", t."category", t."btw_rate"
  FOR UPDATE OF t;
  UPDATE "finance_day_totals" t SET
    "record_count" = t."record_count" - g."records",
    "amount_cents" = t."amount_cents" - g."amount",
    "btw_cents" = t."btw_cents" - g."btw"
  FROM (
    SELECT "organization_id", "date" AS "day", "direction", "category", coalesce("btw_rate", '') AS "btw_rate",
      count(*) AS "records", sum("amount_cents") AS "amount", sum("btw_cents") AS "btw"
    FROM removed GROUP BY 1, 2, 3, 4, 5
  ) g
  WHERE t."organization_id" = g."organization_id" AND t."day" = g."day" AND t."direction" = g."direction"
    AND t."category" = g."category" AND t."btw_rate" = g."btw_rate";
  DELETE FROM "finance_day_totals" t
  USING (SELECT DISTINCT "organization_id", "date" AS "day", "direction", "category", coalesce("btw_rate", '') AS "btw_rate" FROM removed) g
  WHERE t."organization_id" = g."organization_id" AND t."day" = g."day" AND t."direction" = g."direction"
    AND t."category" = g."category" AND t."btw_rate" = g."btw_rate" AND t."record_count" = 0;
  PERFORM 1 FROM "finance_month_totals" t
  JOIN (SELECT DISTINCT "organization_id", date_trunc('month', "date")::date AS "month", "direction", "category", coalesce("btw_rate", '') AS "btw_rate" FROM removed) g
    ON t."organization_id" = g."organization_id" AND t."month" = g."month" AND t."direction" = g."direction"
    AND t."category" = g."category" AND t."btw_rate" = g."btw_rate"
  ORDER BY t."organization_id", t."month", t."direction", t."category", t."btw_rate"
  FOR UPDATE OF t;
  UPDATE "finance_month_totals" t SET
    "record_count" = t."record_count" - g."records",
    "amount_cents" = t."amount_cents" - g."amount",
    "btw_cents" = t."btw_cents" - g."btw"
  FROM (
    SELECT "organization_id", date_trunc('month', "date")::date AS "month", "direction", "category", coalesce("btw_rate", '') AS "btw_rate",
      count(*) AS "records", sum("amount_cents") AS "amount", sum("btw_cents") AS "btw"
    FROM removed GROUP BY 1, 2, 3, 4, 5
  ) g
  WHERE t."organization_id" = g."organization_id" AND t."month" = g."month" AND t."direction" = g."direction"
    AND t."category" = g."category" AND t."btw_rate" = g."btw_rate";
  DELETE FROM "finance_month_totals" t
  USING (SELECT DISTINCT "organization_id", date_trunc('month', "date")::date AS "month", "direction", "category", coalesce("btw_rate", '') AS "btw_rate" FROM removed) g
  WHERE t."organization_id" = g."organization_id" AND t."month" = g."month" AND t."direction" = g."direction"
    AND t."category" = g."category" AND t."btw_rate" = g."btw_rate" AND t."record_count" = 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "finance_records_totals_insert" AFTER INSERT ON "finance_records"
REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "finance_records_add_totals"();--> statement-breakpoint
CREATE TRIGGER "finance_records_totals_delete" AFTER DELETE ON "finance_records"
REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "finance_records_subtract_totals"();--> statement-breakpoint
-- An update moves its rows out of their old sums, then into their new ones (triggers fire in name order).
CREATE TRIGGER "finance_records_totals_update_1_out" AFTER UPDATE ON "finance_records"
REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "finance_records_subtract_totals"();--> statement-breakpoint
CREATE TRIGGER "finance_records_totals_update_2_in" AFTER UPDATE ON "finance_records"
REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "finance_records_add_totals"();
