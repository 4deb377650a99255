import type { FieldProps } from './QuestionFrame';

/**
 * A text block: a section intro without an answer (R-SURV-23). Its title is the screen's heading
 * (focused when it comes on screen), its description the text; 'Volgende' moves on.
 */
export function TextBlockField({
  question,
  ids,
  titleRef,
}: Pick<FieldProps<'text_block'>, 'question' | 'ids' | 'titleRef'>) {
  return (
    <section className="rq rq-text-block" aria-labelledby={ids.title} data-testid="text-block">
      <h1 id={ids.title} className="rq-title" ref={titleRef} tabIndex={-1}>
        {question.title}
      </h1>
      {question.description ? (
        <p id={ids.description} className="rq-description rq-text-block-text">
          {question.description}
        </p>
      ) : null}
    </section>
  );
}
