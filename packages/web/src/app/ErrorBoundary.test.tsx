import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, unmountAll } from '../testing/render';
import { ERROR_PAGE_TITLE, ErrorBoundary } from './ErrorBoundary';

function Boom(): never {
  throw new Error('Kapot gegaan');
}

afterEach(() => {
  unmountAll();
  vi.restoreAllMocks();
});

describe('ErrorBoundary', () => {
  it("should show the router's default error page with the error message", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { container } = await render(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );
    expect(ERROR_PAGE_TITLE).toBe('Unexpected Application Error!');
    expect(container.querySelector('h2')?.textContent).toBe('Unexpected Application Error!');
    expect(container.querySelector('pre')?.textContent).toBe('Kapot gegaan');
  });

  it('should render its children when nothing throws', async () => {
    const { container } = await render(
      <ErrorBoundary>
        <p>Alles goed</p>
      </ErrorBoundary>,
    );
    expect(container.textContent).toBe('Alles goed');
  });
});
