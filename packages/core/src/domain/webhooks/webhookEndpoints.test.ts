import { describe, expect, it } from 'vitest';
import { checkEndpointInput, checkEndpointUrl, WEBHOOK_ENDPOINT_MESSAGES as M } from './webhookEndpoints';

describe('checkEndpointUrl (R-HOOK-5)', () => {
  it('takes https and refuses http unless allowed', () => {
    expect(checkEndpointUrl('https://hooks.example.com/loop#x', false)).toEqual({
      ok: true,
      value: { url: 'https://hooks.example.com/loop', protocol: 'https', host: 'hooks.example.com' },
    });
    expect(checkEndpointUrl('http://hooks.example.com/', false)).toEqual({ ok: false, detail: M.notHttps });
    expect(checkEndpointUrl('http://127.0.0.1:4555/', true).ok).toBe(true);
    expect(checkEndpointUrl('ftp://example.com/', true)).toEqual({ ok: false, detail: M.notHttps });
  });

  it('refuses credentials, nonsense and an empty address', () => {
    expect(checkEndpointUrl('https://a:b@example.com/', false)).toEqual({ ok: false, detail: M.credentials });
    expect(checkEndpointUrl('not a url', false)).toEqual({ ok: false, detail: M.urlUnreadable });
    expect(checkEndpointUrl('  ', false)).toEqual({ ok: false, detail: M.urlMissing });
  });
});

describe('checkEndpointInput', () => {
  it('orders the events and drops repeats', () => {
    const checked = checkEndpointInput(
      {
        url: 'https://example.com/h',
        events: ['kpi.value_changed', 'response.completed', 'kpi.value_changed'],
      },
      { allowHttp: false, partial: false },
    );
    expect(checked.ok && checked.value.events).toEqual(['response.completed', 'kpi.value_changed']);
  });

  it('names each wrong field in Dutch', () => {
    expect(
      checkEndpointInput({ url: 'http://x.nl', events: [] }, { allowHttp: false, partial: false }),
    ).toEqual({ ok: false, fields: { url: M.notHttps, events: M.eventsMissing } });
    expect(checkEndpointInput({ events: ['response.eaten'] }, { allowHttp: false, partial: true })).toEqual({
      ok: false,
      fields: { events: M.eventUnknown },
    });
  });

  it('checks only what a change gives', () => {
    expect(checkEndpointInput({ enabled: false }, { allowHttp: false, partial: true })).toEqual({
      ok: true,
      value: { enabled: false },
    });
  });
});
