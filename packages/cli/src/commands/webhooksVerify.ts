import { formatTimestamp } from '@loop/core/format';
import { verifyWebhook, WEBHOOK_TOLERANCE_SECONDS, WEBHOOK_VERIFY_MESSAGES } from '@loop/core/webhooks';
import { CLI_MESSAGES } from '../cliMessages';
import { type Command, type CommandInput, EXIT, type ExitCode, text } from './command';
import { readDeliveryJson, readHeaders, SAVED_DELIVERY_MESSAGES, type SavedDelivery } from './savedDelivery';

export const WEBHOOK_SECRET_ENV = 'LOOP_WEBHOOK_SECRET';

type Loaded = { readonly delivery: SavedDelivery } | { readonly exit: ExitCode };

/** `loop webhooks verify`: checks a saved delivery's signature and age offline, with core's check. */
export const webhooksVerify: Command = {
  group: 'webhooks',
  action: 'verify',
  summary: 'Controleert de handtekening van een opgeslagen webhook-levering.',
  usage:
    'loop webhooks verify [--secret <whsec_…>] (<levering.json> | --headers <bestand> --body <bestand>) [--tolerance <seconden>]',
  options: {
    secret: { type: 'string' },
    headers: { type: 'string' },
    body: { type: 'string' },
    tolerance: { type: 'string' },
  },
  help: [
    `--secret <whsec_…>     het ondertekengeheim van het endpoint (of zet ${WEBHOOK_SECRET_ENV})`,
    '<levering.json>        {"headers": {"webhook-id": …, "webhook-timestamp": …, "webhook-signature": …}, "body": "<ruwe inhoud>"}',
    "--headers <bestand>    de kopregels: een JSON-object of regels 'Naam: waarde'",
    '--body <bestand>       de ruwe inhoud, precies zoals ontvangen',
    `--tolerance <seconden> hoe oud de levering mag zijn (standaard ${WEBHOOK_TOLERANCE_SECONDS}); ouder geldt als herhaling (replay)`,
  ],
  arguments: { min: 0, max: 1 },
  async run(input) {
    const { values, io, report } = input;
    const secret = text(values, 'secret') ?? io.env[WEBHOOK_SECRET_ENV];
    if (secret === undefined || secret.trim() === '') {
      return report.fail(EXIT.usage, `Geen geheim. Geef --secret <whsec_…> of zet ${WEBHOOK_SECRET_ENV}.`);
    }
    const toleranceText = text(values, 'tolerance');
    const tolerance = toleranceText === undefined ? WEBHOOK_TOLERANCE_SECONDS : Number(toleranceText);
    if (!Number.isSafeInteger(tolerance) || tolerance < 0 || (toleranceText ?? '0').trim() === '') {
      return report.fail(EXIT.usage, `'${toleranceText}' is geen aantal seconden.`);
    }
    const loaded = await load(input);
    if ('exit' in loaded) return loaded.exit;
    const checked = verifyWebhook({
      secret: secret.trim(),
      headers: loaded.delivery.headers,
      body: loaded.delivery.body,
      nowSeconds: Math.floor(io.now().getTime() / 1000),
      toleranceSeconds: tolerance,
    });
    if (!checked.ok) {
      return report.fail(EXIT.signature, WEBHOOK_VERIFY_MESSAGES[checked.error], {
        valid: false,
        reason: checked.error,
      });
    }
    const sent = new Date(checked.value.timestampSeconds * 1000);
    report.data({ valid: true, id: checked.value.id, timestamp: checked.value.timestampSeconds });
    report.line(`Geldig: levering ${checked.value.id}, verstuurd op ${formatTimestamp(sent)}.`);
    return EXIT.ok;
  },
};

/** The delivery from one JSON file or from a headers file and a body file. */
async function load({ values, positionals, io, report }: CommandInput): Promise<Loaded> {
  const headersFile = text(values, 'headers');
  const bodyFile = text(values, 'body');
  const deliveryFile = positionals[0];
  const twoFiles = headersFile !== undefined || bodyFile !== undefined;
  if (deliveryFile !== undefined ? twoFiles : headersFile === undefined || bodyFile === undefined) {
    return { exit: report.fail(EXIT.usage, 'Geef een levering (.json) of --headers en --body, niet beide.') };
  }
  const read = async (path: string): Promise<string | null> => io.files.readText(path).catch(() => null);
  if (deliveryFile !== undefined) {
    const content = await read(deliveryFile);
    if (content === null) return { exit: report.fail(EXIT.file, CLI_MESSAGES.fileUnreadable(deliveryFile)) };
    const delivery = readDeliveryJson(content);
    if (delivery === null) {
      return { exit: report.fail(EXIT.usage, SAVED_DELIVERY_MESSAGES.notDelivery(deliveryFile)) };
    }
    return { delivery };
  }
  const [headersText, body] = [await read(headersFile as string), await read(bodyFile as string)];
  if (headersText === null)
    return { exit: report.fail(EXIT.file, CLI_MESSAGES.fileUnreadable(headersFile as string)) };
  if (body === null) return { exit: report.fail(EXIT.file, CLI_MESSAGES.fileUnreadable(bodyFile as string)) };
  const headers = readHeaders(headersText);
  if (headers === null) {
    return { exit: report.fail(EXIT.usage, SAVED_DELIVERY_MESSAGES.notHeaders(headersFile as string)) };
  }
  return { delivery: { headers, body } };
}
