-- Issue 24: invoices (facturen). The organisation's invoice details live on its row (empty: not
-- given). Every paid payment gets one invoice, numbered per calendar year from a counter row that is
-- taken in the transaction that marks the payment paid, so numbers never repeat or skip. An invoice
-- keeps a copy of everything printed on it and outlives its organisation and payment (Loop must keep
-- the invoices it issued), so those keys are set to null, never cascaded.
ALTER TABLE "organizations" ADD COLUMN "invoice_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "invoice_street" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "invoice_postcode" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "invoice_city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "invoice_country" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "vat_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_counters_last_number_check" CHECK ("invoice_counters"."last_number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer,
	"payment_id" integer,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"issue_date" date NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"supplier_name" text NOT NULL,
	"supplier_address" jsonb NOT NULL,
	"supplier_kvk_number" text NOT NULL,
	"supplier_vat_number" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_address" jsonb NOT NULL,
	"customer_vat_number" text,
	"description" text NOT NULL,
	"amount_excl_cents" integer NOT NULL,
	"vat_rate" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"specimen" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_payment_unique" UNIQUE("payment_id"),
	CONSTRAINT "invoices_year_sequence_unique" UNIQUE("year","sequence"),
	CONSTRAINT "invoices_amounts_check" CHECK ("invoices"."amount_excl_cents" >= 0 AND "invoices"."vat_cents" >= 0 AND "invoices"."amount_excl_cents" + "invoices"."vat_cents" = "invoices"."total_cents"),
	CONSTRAINT "invoices_currency_check" CHECK ("invoices"."currency" = 'EUR')
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_organization_idx" ON "invoices" USING btree ("organization_id","id");
