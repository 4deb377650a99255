CREATE TABLE "geocode_cache" (
	"address_key" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"label" text,
	"looked_up_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "geocode_cache_status_check" CHECK ("geocode_cache"."status" in ('found', 'not_found')),
	CONSTRAINT "geocode_cache_found_check" CHECK (("geocode_cache"."status" = 'found') = ("geocode_cache"."lat" is not null and "geocode_cache"."lng" is not null))
);
