-- Issue 28: the plans name what every organisation now has (the 'core' feature): API keys with
-- scopes, signed webhooks with a delivery log, and the command-line client. Appended to the list; a
-- text an administrator rewrote without that list keeps theirs.
UPDATE "features"
SET "description" = regexp_replace("description", '</ul>\s*$',
  '<li>Koppelingen met andere software: API-sleutels met bevoegdheden, ondertekende webhooks met een afleverlog en het opdrachtregelprogramma loop</li></ul>')
WHERE "key" = 'core' AND "description" ~ '</ul>\s*$';
