import { describe, expect, it } from 'vitest';
import { checkedAddress, isPublicAddress, WEBHOOK_ADDRESS_MESSAGES } from './webhookAddress';

describe('isPublicAddress (R-HOOK-5)', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '169.254.169.254',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    'fc00::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    'ff02::1',
    '2002:7f00:1::',
    '64:ff9b::a00:1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])(
    'takes %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('checkedAddress', () => {
  const resolve = (answer: string[]) => async () =>
    answer.map((address) => ({ address, family: address.includes(':') ? (6 as const) : (4 as const) }));

  it('refuses a name that resolves to loopback, or to a private address among public ones', async () => {
    expect(
      await checkedAddress('hooks.example', { allowPrivate: false, resolve: resolve(['127.0.0.1']) }),
    ).toEqual({ ok: false, detail: WEBHOOK_ADDRESS_MESSAGES.privateAddress });
    expect(
      await checkedAddress('hooks.example', {
        allowPrivate: false,
        resolve: resolve(['93.184.216.34', '10.0.0.5']),
      }),
    ).toEqual({ ok: false, detail: WEBHOOK_ADDRESS_MESSAGES.privateAddress });
  });

  it('answers the first public address, a literal without resolving, and an unknown host', async () => {
    expect(
      await checkedAddress('hooks.example', { allowPrivate: false, resolve: resolve(['93.184.216.34']) }),
    ).toEqual({ ok: true, address: { address: '93.184.216.34', family: 4 } });
    expect(await checkedAddress('[::1]', { allowPrivate: false, resolve: resolve([]) })).toEqual({
      ok: false,
      detail: WEBHOOK_ADDRESS_MESSAGES.privateAddress,
    });
    expect(await checkedAddress('[::1]', { allowPrivate: true })).toEqual({
      ok: true,
      address: { address: '::1', family: 6 },
    });
    expect(await checkedAddress('nowhere.example', { allowPrivate: false, resolve: resolve([]) })).toEqual({
      ok: false,
      detail: WEBHOOK_ADDRESS_MESSAGES.unknownHost,
    });
  });
});
