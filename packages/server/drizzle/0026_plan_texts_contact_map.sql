-- Issue 16: the contacts map is built (contacts placed by their address, coloured by a survey's
-- latest NPS answer or the invitation's status), so the plan text of 'core' may name it
-- (planTexts.test.ts). A text an administrator has changed since is left as it is.
UPDATE "features"
SET "description" = replace("description",
  'en een contact in één keer helemaal wissen</li>',
  'en een contact in één keer helemaal wissen</li><li>Je contacten op een kaart van Nederland, geplaatst op hun adres en te kleuren naar hun laatste NPS-antwoord of de stand van hun uitnodiging</li>')
WHERE "key" = 'core';
