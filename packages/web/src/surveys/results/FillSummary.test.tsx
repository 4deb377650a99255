import { fillLines } from '@loop/core/surveys/results';
import { afterEach, describe, expect, it } from 'vitest';
import { render, unmountAll } from '../../testing/render';
import { FillSummary } from './FillSummary';

afterEach(unmountAll);

describe('FillSummary', () => {
  it("should list the cap's and each quota's fill in Dutch", async () => {
    const lines = fillLines({
      cap: { max: 200, count: 120 },
      quotas: [{ id: 'v', name: 'Verkoop', max: 50, count: 37 }],
    });
    const { container } = await render(<FillSummary lines={lines} />);
    expect([...container.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      '120 van 200 antwoorden',
      'Verkoop: 37 van 50',
    ]);
  });

  it('should show nothing for a survey without a cap or quotas', async () => {
    const { container } = await render(<FillSummary lines={[]} />);
    expect(container.querySelector('[data-testid="results-fill"]')).toBeNull();
  });
});
