-- The features, the three plans and a basicloop subscription for every organisation that exists
-- already. Written to be harmless when run twice (ON CONFLICT / NOT EXISTS).
INSERT INTO "features" ("key", "name", "description", "sort") VALUES
  ('core', 'Basis', '<p>Alles om te beginnen met <strong>feedback verzamelen</strong>.</p><ul><li>Surveys maken, bekijken en versturen</li><li>Likert-vragen en een tijdsinschatting per survey</li><li>Contacten, uitnodigingen en het dashboard</li></ul>', 10),
  ('ai', 'AI-inzichten', '<p>Laat <strong>kunstmatige intelligentie</strong> meelezen met je feedback.</p><ul><li>Samenvattingen van open antwoorden</li><li>Opvallende signalen en suggesties voor vervolgvragen</li></ul>', 20),
  ('analytics', 'Analyse', '<p>Zie in één oogopslag <strong>wat je respondenten vinden</strong>.</p><ul><li>Resultaten per vraag met grafieken</li><li>Trends over tijd en vergelijkingen tussen surveys</li><li>Het geavanceerde KPI-dashboard</li></ul>', 30),
  ('export', 'Exporteren', '<p>Neem je gegevens mee: <strong>exporteer antwoorden en rapporten</strong>.</p><ul><li>Antwoorden als CSV voor Excel of je eigen analyse</li><li>Rapporten als PDF en Markdown</li></ul>', 40),
  ('branding', 'Eigen huisstijl', '<p>Laat Loop eruitzien als <strong>jouw organisatie</strong>.</p><ul><li>Eigen logo en achtergrond</li><li>Eigen merkkleur in de hele app en op de antwoordpagina</li></ul>', 50),
  ('business', 'Bedrijfsanalyse', '<p>Een <strong>AI-bedrijfsanalyse</strong> op basis van je KPI''s en surveys.</p><ul><li>Rapport met sterke punten, risico''s en aanbevelingen</li><li>Te bewaren als PDF en Markdown</li></ul><p><a href="https://loop.example/help/bedrijfsanalyse">Meer over de bedrijfsanalyse</a></p>', 60)
ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
INSERT INTO "plans" ("name", "price_cents", "is_default") VALUES
  ('basicloop', 0, true),
  ('smartloop', 2900, false),
  ('proloop', 7900, false)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "plan_features" ("plan_id", "feature_key")
SELECT "plans"."id", "included"."feature_key"
FROM (VALUES
  ('basicloop', 'core'),
  ('smartloop', 'core'), ('smartloop', 'analytics'), ('smartloop', 'export'), ('smartloop', 'branding'),
  ('proloop', 'core'), ('proloop', 'ai'), ('proloop', 'analytics'), ('proloop', 'export'),
  ('proloop', 'branding'), ('proloop', 'business')
) AS "included" ("plan_name", "feature_key")
JOIN "plans" ON lower("plans"."name") = "included"."plan_name"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "subscriptions" ("organization_id", "plan_id", "status", "start_date")
SELECT "organizations"."id", "plans"."id", 'active', "organizations"."created_at"
FROM "organizations" CROSS JOIN "plans"
WHERE "plans"."is_default"
  AND NOT EXISTS (
    SELECT 1 FROM "subscriptions"
    WHERE "subscriptions"."organization_id" = "organizations"."id" AND "subscriptions"."status" = 'active'
  );
