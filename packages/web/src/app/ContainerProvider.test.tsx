import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, settle, unmountAll } from '../testing/render';
import { ContainerProvider, useAsyncInjection, useInjection } from './ContainerProvider';
import type { AppContainer } from './container';
import { ErrorBoundary } from './ErrorBoundary';
import { TOKENS } from './tokens';

function Probe() {
  const url = useInjection(TOKENS.ApiBaseUrl);
  return <p>{`base:${url}`}</p>;
}

afterEach(unmountAll);

describe('useInjection', () => {
  it('should throw a clear error when no ContainerProvider is above it', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { container } = await render(
      <ErrorBoundary>
        <Probe />
      </ErrorBoundary>,
    );
    quiet.mockRestore();
    expect(container.querySelector('pre')?.textContent).toMatch(
      /useInjection\(Symbol\(Loop\.ApiBaseUrl\)\) was called outside <ContainerProvider>/,
    );
  });

  it('should resolve the service from the provided container once', async () => {
    const get = vi.fn(() => 'https://api.example.nl');
    const container = { get } as unknown as AppContainer;
    const { container: root } = await render(
      <ContainerProvider container={container}>
        <Probe />
        <Probe />
      </ContainerProvider>,
    );
    expect(root.textContent).toBe('base:https://api.example.nlbase:https://api.example.nl');
    expect(get).toHaveBeenCalledTimes(2);
    expect(get).toHaveBeenCalledWith(TOKENS.ApiBaseUrl);
  });
});

function AsyncProbe() {
  const url = useAsyncInjection(TOKENS.ApiBaseUrl);
  return <p>{`lazy:${url}`}</p>;
}

describe('useAsyncInjection', () => {
  it('should suspend until the service has loaded, once per container, then hand it out at once', async () => {
    let arrive: (value: string) => void = () => {};
    const getAsync = vi.fn(() => new Promise<string>((resolve) => (arrive = resolve)));
    const container = { get: vi.fn(), getAsync } as unknown as AppContainer;
    const { container: root } = await render(
      <ContainerProvider container={container}>
        <Suspense fallback={<p>laden</p>}>
          <AsyncProbe />
        </Suspense>
      </ContainerProvider>,
    );
    expect(root.textContent).toBe('laden');

    arrive('https://api.example.nl');
    await settle();
    expect(root.textContent).toBe('lazy:https://api.example.nl');

    // A component mounted later gets it in its first render: no fallback, no second load.
    const { container: later } = await render(
      <ContainerProvider container={container}>
        <Suspense fallback={<p>laden</p>}>
          <AsyncProbe />
        </Suspense>
      </ContainerProvider>,
    );
    expect(later.textContent).toBe('lazy:https://api.example.nl');
    expect(getAsync).toHaveBeenCalledTimes(1);
  });
});
