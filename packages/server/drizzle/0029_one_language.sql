-- Issue 24: a verification link made at registration keeps the hash of the registering browser's
-- key; opened in that browser, the link signs the user in (docs/architecture.md, 'Signed in by the
-- confirmation link'). Links made before this change have none and only confirm the address.
ALTER TABLE "email_tokens" ADD COLUMN "browser_key_hash" text;
--> statement-breakpoint
-- Issue 24, one language (docs/architecture.md, 'Glossary'): a whole submission is a 'reactie' and
-- its rate the 'reactiepercentage', never 'respons'; the analytics page is called 'Analyse' (the
-- feature's own name). Only the phrases change; a text an administrator has rewritten keeps theirs.
UPDATE "features"
SET "description" = replace(replace("description",
  'op de pagina Analytics', 'op de pagina Analyse'),
  '<li>De respons per survey naast elkaar</li>', '<li>Het reactiepercentage per survey naast elkaar</li>')
WHERE "key" = 'analytics';
--> statement-breakpoint
UPDATE "features"
SET "description" = replace("description",
  'de stellingen en de respons van je surveys', 'de stellingen en het reactiepercentage van je surveys')
WHERE "key" = 'business';
--> statement-breakpoint
-- The built-in templates are seeded once and then left alone, so a database seeded before this
-- change still has the curly apostrophe ('collega’s'); the glossary writes the ASCII one.
UPDATE "survey_templates"
SET "name" = replace("name", '’', ''''),
  "description" = replace("description", '’', ''''),
  "title" = replace("title", '’', ''''),
  "thank_you_text" = replace("thank_you_text", '’', ''''),
  "questions" = replace("questions"::text, '’', '''')::jsonb
WHERE "organization_id" IS NULL AND "key" IS NOT NULL;
