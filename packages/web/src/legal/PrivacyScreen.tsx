import { Link } from 'wouter';
import { Page } from '../shell/Page';
import { PRIVACY_EMAIL } from './privacyContact';

/** /privacy and /privacybeleid: the privacy statement (AVG). */
export function PrivacyScreen() {
  return (
    <Page title="Privacybeleid" lead="Hoe Loop omgaat met je persoonsgegevens.">
      <article className="prose">
        <h2>Wie zijn wij</h2>
        <p>
          Loop is een platform voor surveys en feedback voor organisaties. Voor de gegevens van je account
          zijn wij de verwerkingsverantwoordelijke in de zin van de Algemene verordening gegevensbescherming
          (AVG). Voor de antwoorden die organisaties met Loop verzamelen, is de organisatie zelf
          verantwoordelijk; wij verwerken die gegevens alleen in haar opdracht.
        </p>

        <h2>Welke gegevens we verwerken</h2>
        <ul>
          <li>
            Accountgegevens: je naam, e-mailadres en een versleutelde (gehashte) versie van je wachtwoord.
          </li>
          <li>
            Organisatiegegevens: de naam van je organisatie, wie erbij hoort en de huisstijl (logo,
            achtergrond en kleur).
          </li>
          <li>
            Sessiegegevens: wanneer je bent ingelogd, zodat we sessies kunnen beëindigen als je uitlogt of je
            wachtwoord wijzigt.
          </li>
          <li>
            Technische logboeken: alleen metadata zoals tijdstip, route en statuscode. Hierin staan geen
            namen, e-mailadressen, IP-adressen of teksten die je zelf typt.
          </li>
        </ul>

        <h2>Waarom we ze verwerken</h2>
        <ul>
          <li>Om je account te maken en je te laten inloggen (uitvoering van de overeenkomst).</li>
          <li>Om je e-mailadres te bevestigen en je te helpen als je je wachtwoord vergeten bent.</li>
          <li>
            Om het platform veilig en betrouwbaar te houden, bijvoorbeeld tegen misbruik (gerechtvaardigd
            belang).
          </li>
        </ul>
        <p>
          We verkopen je gegevens niet, gebruiken ze niet voor advertenties en maken geen profielen van je.
        </p>

        <h2>Hoe lang we ze bewaren</h2>
        <ul>
          <li>
            Accountgegevens: zolang je account bestaat. Na verwijdering van je account wissen we ze binnen 30
            dagen.
          </li>
          <li>
            Links om je e-mailadres te bevestigen of je wachtwoord te herstellen: ze verlopen en zijn maar één
            keer te gebruiken.
          </li>
          <li>Sessies: tot je uitlogt of de sessie verloopt.</li>
          <li>
            Technische logboeken: zo lang als nodig voor beveiliging en foutopsporing, maximaal twaalf
            maanden.
          </li>
        </ul>

        <h2>Met wie we ze delen</h2>
        <p>
          Alleen met dienstverleners die we nodig hebben om Loop te laten werken, zoals hosting en het
          versturen van e-mail. Met hen hebben we verwerkersovereenkomsten. Je gegevens blijven binnen de
          Europese Economische Ruimte, tenzij passende waarborgen zijn getroffen.
        </p>

        <h2>Beveiliging</h2>
        <p>
          Verbindingen zijn versleuteld, wachtwoorden bewaren we alleen gehasht en medewerkers van een
          organisatie zien alleen de gegevens van hun eigen organisatie.
        </p>

        <h2>Je rechten</h2>
        <p>
          Je hebt het recht op inzage, correctie, verwijdering, beperking van de verwerking, overdraagbaarheid
          van je gegevens en bezwaar. Je naam en e-mailadres pas je zelf aan bij{' '}
          <Link href="/profiel">Profiel</Link>. Voor andere verzoeken kun je ons mailen; we reageren binnen
          een maand.
        </p>
        <p>
          Ben je het niet eens met hoe we met je gegevens omgaan, dan kun je een klacht indienen bij de
          Autoriteit Persoonsgegevens.
        </p>

        <h2>Cookies</h2>
        <p>
          Loop plaatst geen tracking- of advertentiecookies. Lees meer in ons{' '}
          <Link href="/cookiebeleid">cookiebeleid</Link>.
        </p>

        <h2>Contact</h2>
        <p>
          Vragen of verzoeken over privacy? Mail naar <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>.
        </p>
      </article>
    </Page>
  );
}
