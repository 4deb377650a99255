-- Issue 15: summaries of open answers are built, so 'ai' ("AI-inzichten") gets a text that says
-- exactly what they do and goes back on proloop (where the 0002 seed had it; 0010 took it off while
-- it did not exist). The seed's promises of "opvallende signalen" and "suggesties voor
-- vervolgvragen" are not built and are gone. By default Loop summarises by counting shared words and
-- phrases, so the text says a language model is only involved when the server's operator connects
-- one, and that the answers then go to it. Data only; `planTexts.test.ts` reads the migrated
-- database and keeps the texts to what Loop does.
UPDATE "features"
SET "description" = '<p><strong>Samenvattingen van open antwoorden</strong> bij de resultaten van je surveys.</p><ul><li>Met één klik de terugkerende thema''s in de antwoorden op een open vraag, over de periode die je bekijkt</li><li>Per thema hoeveel antwoorden erover gaan, met een paar korte citaten zonder e-mailadressen en telefoonnummers</li><li>Hoeveel antwoorden bij geen enkel thema horen</li></ul><p>Loop maakt de samenvatting zelf, zonder taalmodel: het telt woorden en woordgroepen die in meerdere antwoorden terugkomen. Koppelt de beheerder van je Loop-server een taalmodel, dan maakt dat model de samenvatting; de antwoorden gaan dan mee, met e-mailadressen en telefoonnummers vervangen, en alleen citaten die letterlijk in de antwoorden staan worden getoond.</p>'
WHERE "key" = 'ai';
--> statement-breakpoint
INSERT INTO "plan_features" ("plan_id", "feature_key")
SELECT "id", 'ai' FROM "plans" WHERE lower("name") = 'proloop'
ON CONFLICT DO NOTHING;
