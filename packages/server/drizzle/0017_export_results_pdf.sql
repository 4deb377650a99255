-- Issue 15: the results page makes a PDF summary of a survey's results (its figures and charts, no
-- open answers) with the plan feature `export`, beside the XLSX export that 0009 left as the
-- feature's only content. Its description now names both. Data only; `planTexts.test.ts` reads the
-- migrated database and keeps the texts to what Loop does.
UPDATE "features"
SET "description" = '<p>Neem je resultaten mee: <strong>exporteer je antwoorden als XLSX-bestand</strong> en maak van de resultaten van een survey <strong>een samenvatting als PDF</strong>.</p><ul><li>Alle ingestuurde antwoorden als XLSX, met scores als getallen en het tijdstip als datum</li><li>Een PDF met de cijfers en grafieken van de resultatenpagina over de gekozen periode: de reacties, de NPS, de stellingen, de keuzes en de beoordelingen; open antwoorden blijven erbuiten</li><li>Exporteren als CSV en de export van één respondent kunnen met elk abonnement</li></ul>'
WHERE "key" = 'export';
