-- Issues 26 and 27: the plans name what every organisation now has (the 'core' feature): logic, several
-- languages and more question types, quotas, and surveys on a website, in pulse rounds, with alerts and
-- a results link to share. Appended to the list; a text an administrator rewrote without that list keeps theirs.
UPDATE "features"
SET "description" = regexp_replace("description", '</ul>\s*$',
  '<li>Logica (vragen tonen, overslaan en eigen eindschermen), meerdere talen, quota en nieuwe vraagtypen als keuzelijst, rangorde, datum en getal</li>'
  || '<li>Surveys op je eigen website, in terugkerende rondes, met meldingen per e-mail, Slack of Teams en een deelbare resultatenpagina</li></ul>')
WHERE "key" = 'core' AND "description" ~ '</ul>\s*$';
