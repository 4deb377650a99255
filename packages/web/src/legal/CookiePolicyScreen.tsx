import { CONSENT_KEYS } from '@loop/core';
import { Link } from 'wouter';
import { Page } from '../shell/Page';
import { TableScroll } from '../shell/TableScroll';
import { PRIVACY_EMAIL } from './privacyContact';

const ITEMS = [
  [
    'token, refresh_token',
    'Houden je ingelogd zolang je sessie geldig is.',
    'Tot je uitlogt of de sessie verloopt.',
  ],
  ['currentOrgId, currentOrgName', 'Onthouden in welke organisatie je werkt.', 'Tot je uitlogt.'],
  ['features', 'Onthouden welke functies bij je abonnement horen.', 'Tot je uitlogt.'],
  [
    `${CONSENT_KEYS.app}, ${CONSENT_KEYS.site}`,
    'Onthouden of je de cookiemelding hebt geaccepteerd of geweigerd.',
    'Tot je de gegevens van je browser wist.',
  ],
] as const;

/** /cookiebeleid: Loop keeps only functional items in the browser's local storage. */
export function CookiePolicyScreen() {
  return (
    <Page title="Cookiebeleid" lead="Welke gegevens Loop in je browser bewaart, en waarom.">
      <article className="prose">
        <h2>Geen trackingcookies</h2>
        <p>
          Loop gebruikt geen cookies of andere technieken om je te volgen, te meten of advertenties te tonen.
          We werken niet met analysediensten van derden.
        </p>

        <h2>Wat we wel bewaren</h2>
        <p>
          Om de app te laten werken, bewaren we een paar functionele gegevens in de lokale opslag (local
          storage) van je browser. Die gegevens verlaten je apparaat alleen om je aanvragen aan Loop te laten
          werken.
        </p>
        <TableScroll label="Opgeslagen gegevens" columns={['Naam', 'Doel', 'Bewaartermijn']}>
          {ITEMS.map(([name, purpose, retention]) => (
            <tr key={name}>
              <td>
                <code>{name}</code>
              </td>
              <td>{purpose}</td>
              <td>{retention}</td>
            </tr>
          ))}
        </TableScroll>

        <h2>Je keuze</h2>
        <p>
          Deze gegevens zijn noodzakelijk voor het inloggen en werken in Loop. Kies je in de cookiemelding
          voor 'Weigeren', dan werkt Loop gewoon; we onthouden alleen die keuze. De app en de publieke website
          bewaren je keuze elk apart.
        </p>
        <p>
          Je kunt de gegevens altijd wissen via de instellingen van je browser. Je wordt dan uitgelogd en de
          cookiemelding verschijnt opnieuw.
        </p>

        <h2>Meer weten</h2>
        <p>
          Lees ons <Link href="/privacybeleid">privacybeleid</Link> of mail naar{' '}
          <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>.
        </p>
      </article>
    </Page>
  );
}
