import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, unmountAll } from '../testing/render';
import { ContainerProvider, useInjection } from './ContainerProvider';
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
