import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Contact, Page } from '@loop/core';
import { CONTACT_IMPORT_MESSAGES } from '@loop/core/contactsScreen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamCall } from '../../../server/src/testing/kpiTesting';
import { EXIT } from '../exitCodes';
import { type CliWorld, startCliWorld } from '../testing/cliTesting';

let world: CliWorld;

const csv = (rows: readonly string[]) => ['Naam;E-mail;Plaats', ...rows].join('\r\n');
const PEOPLE = Array.from(
  { length: 30 },
  (_, index) => `Persoon ${index + 1};persoon${index + 1}@voorbeeld.nl;Utrecht`,
);

beforeAll(async () => {
  world = await startCliWorld();
  const file = (name: string, text: string) => writeFile(join(world.dir, name), text);
  await file('contacten.csv', csv(PEOPLE));
  await file('fouten.csv', csv(['Anna;anna@voorbeeld.nl;Delft', 'Bram;geen-adres;Delft', 'Cor;;Gouda']));
  await file('dubbel.csv', csv(['Dirk;dirk@voorbeeld.nl;Delft', 'Dirk de Vries;DIRK@voorbeeld.nl;Delft']));
  await file('leeg.csv', '');
  await file('onbekend.csv', 'Kolom A;Kolom B\r\nx;y');
  await file('indeling.json', JSON.stringify({ fields: { email: 'Kolom B', name: 'Kolom A' } }));
});
afterAll(async () => {
  await world?.close();
});

const contactCount = async (): Promise<number> =>
  (await teamCall(world.ctx, world.team, 'GET', '/contacts')).json<Page<Contact>>().total;

describe('loop contacts import', () => {
  it("should show the server's reading of the file on --dry-run and store nothing", async () => {
    const run = await world.run(['contacts', 'import', 'contacten.csv', '--dry-run']);
    expect(run).toMatchObject({ code: EXIT.ok, stderr: '' });
    expect(run.stdout).toContain('contacten.csv: 30 rijen, UTF-8, gescheiden door puntkomma (;).');
    expect(run.stdout).toContain('Kolommen: Naam, E-mail, Plaats');
    expect(run.stdout).toContain('  E-mailadres: E-mail');
    expect(run.stdout).toContain('Er is niets opgeslagen (--dry-run).');
    expect(await contactCount()).toBe(0);
  });

  it("should import, followed with bars on a terminal, and print core's report", async () => {
    const run = await world.run(['contacts', 'import', 'contacten.csv'], { tty: true });
    expect(run.code).toBe(EXIT.ok);
    expect(run.stdout).toContain('De import van contacten.csv is klaar.');
    expect(run.stdout).toContain('30 contacten toegevoegd.');
    expect(run.stderr).toContain('\rUploaden [');
    expect(run.stderr).toContain('100%');
    expect(await contactCount()).toBe(30);
    const again = await world.run([
      'contacts',
      'import',
      'contacten.csv',
      '--on-duplicate',
      'skip',
      '--json',
    ]);
    expect(again.code).toBe(EXIT.ok);
    expect(JSON.parse(again.stdout)).toMatchObject({ import: { state: 'done', created: 0, skipped: 30 } });
  });

  it("should print each refused row with its line and the server's Dutch reason, and exit 4", async () => {
    const run = await world.run(['contacts', 'import', 'fouten.csv']);
    expect(run.code).toBe(EXIT.refused);
    expect(run.stdout).toContain('1 contact toegevoegd.');
    expect(run.stdout).toContain('2 rijen geweigerd.');
    expect(run.stdout).toMatch(/ {2}regel 3: .+\n/);
    expect(run.stdout).toMatch(/ {2}regel 4: .+\n/);
  });

  it('should ask which row counts when an address is on more than one row', async () => {
    const asked = await world.run(['contacts', 'import', 'dubbel.csv']);
    expect(asked.code).toBe(EXIT.refused);
    expect(asked.stderr).toContain('dirk@voorbeeld.nl staat op regel 2 en 3');
    expect(asked.stderr).toContain(CONTACT_IMPORT_MESSAGES.chooseRow);
    const before = await contactCount();
    const chosen = await world.run(['contacts', 'import', 'dubbel.csv', '--file-duplicates', 'last']);
    expect(chosen.code).toBe(EXIT.ok);
    expect(chosen.stdout).toContain('de laatste regel telde');
    expect(await contactCount()).toBe(before + 1);
  });

  it('should use a mapping file when the headers are not recognised', async () => {
    const without = await world.run(['contacts', 'import', 'onbekend.csv']);
    expect(without.code).toBe(EXIT.refused);
    expect(without.stderr).toContain(CONTACT_IMPORT_MESSAGES.emailMissing);
    const dry = await world.run([
      'contacts',
      'import',
      'onbekend.csv',
      '--mapping',
      'indeling.json',
      '--dry-run',
    ]);
    expect(dry.code).toBe(EXIT.ok);
    expect(dry.stdout).toContain('  E-mailadres: Kolom B');
  });

  it("should refuse an empty or missing file before uploading, with core's words", async () => {
    const empty = await world.run(['contacts', 'import', 'leeg.csv']);
    expect(empty).toMatchObject({
      code: EXIT.refused,
      stderr: `loop: ${CONTACT_IMPORT_MESSAGES.emptyFile}\n`,
    });
    const missing = await world.run(['contacts', 'import', 'weg.csv']);
    expect(missing).toMatchObject({ code: EXIT.file, stderr: 'loop: Kan het bestand weg.csv niet lezen.\n' });
    const policy = await world.run(['contacts', 'import', 'contacten.csv', '--on-duplicate', 'wissen']);
    expect(policy.code).toBe(EXIT.usage);
  });

  it('should answer exit 2 for a viewer, who may not import', async () => {
    const run = await world.run(['contacts', 'import', 'contacten.csv'], {
      env: { LOOP_API_KEY: world.team.viewer.token },
    });
    expect(run.code).toBe(EXIT.auth);
    expect(run.stderr).toMatch(/^loop: .+\n$/);
  });
});
