-- Issue 14: the KPI board, the advanced KPI dashboard and finance are built, so the plans may sell
-- them. The board on /dashboard is for every plan (core); the advanced KPI dashboard and finance
-- come with Analyse ('analytics', the key their routes check). Data only; `planTexts.test.ts` reads
-- the migrated database and keeps the texts to what Loop does.
UPDATE "features"
SET "description" = '<p>Alles om <strong>feedback te verzamelen en te bekijken</strong>, met elk abonnement.</p><ul><li>Surveys maken, leeg of vanuit een sjabloon, met Likert-, keuze-, NPS- en beoordelingsvragen en open vragen</li><li>Een tijdsinschatting per survey, bijgesteld met de tijd die respondenten er echt over doen</li><li>Delen via een publieke link of persoonlijke links; respondenten antwoorden zonder account</li><li>Resultaten per vraag met grafieken, ook per periode</li><li>Antwoorden exporteren als CSV, per respondent bekijken en wissen, met een bewaartermijn per survey</li><li>Een KPI-bord op je dashboard: je KPI''s met doel, status en verloop, zelf bijgehouden of berekend uit je surveys (zoals de NPS)</li><li>Samenwerken met collega''s, elk met een eigen rol</li></ul>'
WHERE "key" = 'core';
--> statement-breakpoint
UPDATE "features"
SET "description" = '<p>Zie <strong>al je surveys samen</strong> op de pagina Analytics, volg je KPI''s in detail en houd je financiën bij.</p><ul><li>Ingevulde reacties op alle surveys in de tijd</li><li>Het verloop van de NPS en van de Likert-scores over alle surveys, op één schaal van 0 tot 100</li><li>De respons per survey naast elkaar</li><li>De best en de laagst scorende stellingen uit al je surveys</li><li>Alles te bekijken over een gekozen periode</li><li>Het geavanceerde KPI-dashboard: elke KPI over een gekozen periode met doellijnen, twee perioden vergelijken, alle waarden van een KPI met notities, en waarden importeren en exporteren als CSV</li><li>Financiën: inkomsten en kosten per maand en per categorie, de btw per kwartaal, en bankafschriften importeren (CAMT.053, MT940 en CSV)</li></ul>'
WHERE "key" = 'analytics';
