import { describe, expect, it } from 'vitest';
import { colourByOf } from './mapColouring';

describe('colourByOf', () => {
  const question = (id: string, type: 'nps' | 'rating' | 'open_short', position: number) =>
    ({ id, type, title: id, required: false, position, settings: {} }) as never;

  it("should colour by the survey's first NPS question by position", () => {
    const found = colourByOf([
      question('waardering', 'rating', 0),
      question('tweede-nps', 'nps', 3),
      question('eerste-nps', 'nps', 1),
    ]);
    expect(found.by).toBe('nps');
    expect(found.question?.id).toBe('eerste-nps');
  });

  it('should colour by the invitation status without an NPS question', () => {
    expect(colourByOf([question('waardering', 'rating', 0), question('open', 'open_short', 1)])).toEqual({
      by: 'status',
      question: null,
    });
  });
});
