-- Issue 26, surveys in the respondent's language (R-CONT-6): a contact can also be written to in
-- Polish, Turkish, Arabic and Ukrainian besides Dutch, English, German and French. Only the check
-- widens; every stored language stays valid.
ALTER TABLE "contacts" DROP CONSTRAINT "contacts_language_check";--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_language_check" CHECK ("contacts"."language" in ('nl', 'en', 'de', 'fr', 'pl', 'tr', 'ar', 'uk'));
