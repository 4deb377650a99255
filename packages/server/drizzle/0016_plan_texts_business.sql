-- Issue 15: the business analysis is built, so 'business' gets a text that says what it does and
-- goes back on proloop (where the 0002 seed had it; 0010 took it off while it did not exist). The
-- report is written by Loop's built-in analyst from fixed rules unless the server's operator
-- connects a language model, so the text does not promise AI. 'ai' (summaries of open answers) is
-- still not built and stays on no plan. Data only; `planTexts.test.ts` reads the migrated database
-- and keeps the texts to what Loop does.
UPDATE "features"
SET "description" = '<p>Een <strong>bedrijfsanalyse</strong> van je organisatie op één pagina, gemaakt uit je KPI''s, je surveys en je financiën.</p><ul><li>Een rapport met een samenvatting, je KPI''s tegen hun doel en hun verloop, de NPS, de stellingen en de respons van je surveys en hoe die veranderen, en je resultaat per maand</li><li>Sterke punten, risico''s en aanbevelingen die volgen uit je cijfers</li><li>Het rapport afdrukken of bewaren als PDF en Markdown</li><li>Eerdere analyses van je organisatie terug te lezen</li></ul><p>Loop schrijft het rapport zelf, met vaste regels over je cijfers. Koppelt de beheerder van je Loop-server een taalmodel, dan schrijft dat model het uit dezelfde cijfers; namen, e-mailadressen en open antwoorden gaan nooit mee.</p>'
WHERE "key" = 'business';
--> statement-breakpoint
INSERT INTO "plan_features" ("plan_id", "feature_key")
SELECT "id", 'business' FROM "plans" WHERE lower("name") = 'proloop'
ON CONFLICT DO NOTHING;
