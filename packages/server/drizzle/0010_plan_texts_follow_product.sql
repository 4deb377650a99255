-- Issue 13: the plans tell the truth. The subscription screen shows these texts to customers, and
-- the seed's texts sold things Loop does not do: contacts, invitations and a dashboard on every
-- plan, an "advanced KPI dashboard" under Analyse, and two features with no product behind them
-- (AI-inzichten, Bedrijfsanalyse, the latter with a link to a help page on a host that is not
-- Loop's). Data only. 'export' (corrected by 0009) and 'branding' already say what Loop does.
-- `planTexts.test.ts` reads the migrated database and keeps it so.
UPDATE "features"
SET "description" = '<p>Alles om <strong>feedback te verzamelen en te bekijken</strong>, met elk abonnement.</p><ul><li>Surveys maken, leeg of vanuit een sjabloon, met Likert-, keuze-, NPS- en beoordelingsvragen en open vragen</li><li>Een tijdsinschatting per survey, bijgesteld met de tijd die respondenten er echt over doen</li><li>Delen via een publieke link of persoonlijke links; respondenten antwoorden zonder account</li><li>Resultaten per vraag met grafieken, ook per periode</li><li>Antwoorden exporteren als CSV, per respondent bekijken en wissen, met een bewaartermijn per survey</li><li>Samenwerken met collega''s, elk met een eigen rol</li></ul>'
WHERE "key" = 'core';
--> statement-breakpoint
UPDATE "features"
SET "description" = '<p>Zie <strong>al je surveys samen</strong> op de pagina Analytics.</p><ul><li>Ingevulde reacties op alle surveys in de tijd</li><li>Het verloop van de NPS en van de Likert-scores over alle surveys, op één schaal van 0 tot 100</li><li>De respons per survey naast elkaar</li><li>De best en de laagst scorende stellingen uit al je surveys</li><li>Alles te bekijken over een gekozen periode</li></ul>'
WHERE "key" = 'analytics';
--> statement-breakpoint
-- Kept as rows (the spec knows the keys; the admin screen lists them), sold on no plan until their
-- features are built: the issue that builds one gives it its text and puts it back on plans.
UPDATE "features"
SET "description" = '<p>Deze functie is <strong>nog niet beschikbaar</strong> in Loop.</p>'
WHERE "key" IN ('ai', 'business');
--> statement-breakpoint
DELETE FROM "plan_features" WHERE "feature_key" IN ('ai', 'business');
