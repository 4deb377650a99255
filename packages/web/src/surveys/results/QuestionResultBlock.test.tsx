import type { QuestionOf } from '@loop/core';
import { questionResultView } from '@loop/core/surveys/results';
import { afterEach, describe, expect, it } from 'vitest';
import { render, unmountAll } from '../../testing/render';
import { QuestionChart, QuestionResultBlock } from './QuestionResultBlock';

afterEach(unmountAll);

const question: QuestionOf<'single_choice'> = {
  id: 'q-reis',
  type: 'single_choice',
  title: 'Hoe kom je naar het werk?',
  required: false,
  position: 0,
  settings: {
    options: [
      { id: 'auto', label: 'Auto' },
      { id: 'fiets', label: 'Fiets' },
    ],
    allow_other: true,
  },
};

function choiceView(
  otherTexts: { text: string; count: number }[],
  otherTextCount: number,
  seen: { readonly count: number; readonly respondents: number } | null = null,
) {
  return questionResultView(
    question,
    {
      question_id: 'q-reis',
      type: 'single_choice',
      answered: 12,
      seen_count: seen?.count ?? 12,
      by_option: { auto: 3, fiets: 2 },
      other: 7,
      other_texts: otherTexts,
      other_text_count: otherTextCount,
    },
    seen?.respondents ?? null,
  );
}

describe('QuestionResultBlock', () => {
  it('should say by how many of the respondents a question of a survey with rules was seen, with the share that answered', async () => {
    const { container } = await render(
      <QuestionResultBlock view={choiceView([], 0, { count: 16, respondents: 40 })} number={2} />,
    );
    const seen = container.querySelector('[data-testid="question-seen"]');
    expect(seen?.textContent).toBe('Gezien door 16 van de 40 respondenten; 75% van hen gaf een antwoord.');
    // Right under the type and count, inside the block's header.
    expect(seen?.previousElementSibling?.className).toBe('question-meta');
    expect(seen?.closest('header')).not.toBeNull();
  });

  it('should say nothing of who saw a question of a survey without rules', async () => {
    const { container } = await render(<QuestionResultBlock view={choiceView([], 0)} number={2} />);
    expect(container.querySelector('[data-testid="question-seen"]')).toBeNull();
    expect(container.textContent).not.toContain('Gezien door');
  });
});

describe('QuestionChart for a choice question', () => {
  it("should list each different 'anders' text once with its count, most given first", async () => {
    const { container } = await render(
      <QuestionChart
        view={choiceView(
          [
            { text: 'Step', count: 4 },
            { text: 'te voet', count: 2 },
            { text: 'Bus', count: 1 },
          ],
          3,
        )}
      />,
    );
    const items = [...container.querySelectorAll('.other-texts li')].map((item) => [
      item.querySelector('.other-text-text')?.textContent,
      item.querySelector('.other-text-count')?.textContent,
    ]);
    expect(items).toEqual([
      ['Step', '4 keer'],
      ['te voet', '2 keer'],
      ['Bus', '1 keer'],
    ]);
    expect(container.querySelector('.subheading')?.textContent).toBe("Antwoorden bij 'Anders, namelijk'");
    expect(container.textContent).not.toContain('verschillende antwoorden');
  });

  it('should say how many different texts there are when not all are listed', async () => {
    const { container } = await render(<QuestionChart view={choiceView([{ text: 'Step', count: 4 }], 9)} />);
    expect(container.textContent).toContain('De 1 meest gegeven van 9 verschillende antwoorden');
  });

  it("should leave the list out when nobody typed an 'anders' text", async () => {
    const { container } = await render(<QuestionChart view={choiceView([], 0)} />);
    expect(container.querySelector('.other-texts')).toBeNull();
  });
});
