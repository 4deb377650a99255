-- Issue 12 (AVG): the CSV export and one respondent's export work on every plan; the plan feature
-- `export` now stands for the XLSX export only. Its description said it also made reports as PDF
-- and Markdown, which Loop does not do. Data only: the subscription screen reads this text.
UPDATE "features"
SET "description" = '<p>Neem je antwoorden mee naar Excel: <strong>exporteer ze als XLSX-bestand</strong>.</p><ul><li>Alle ingestuurde antwoorden als XLSX, met scores als getallen en het tijdstip als datum</li><li>Exporteren als CSV en de export van één respondent kunnen met elk abonnement</li></ul>'
WHERE "key" = 'export';
