import type { AnswerValueByType, Question, QuestionOf, QuestionType } from '@loop/core';
import type { HoldInput } from '@loop/core/surveys/respond';
import type { ReactNode, Ref } from 'react';
import { useRespondWords } from './respondWords';

/** The element ids one question screen uses, derived from a per-render prefix. */
export interface FieldIds {
  readonly base: string;
  readonly title: string;
  readonly description: string;
  readonly error: string;
}

export const fieldIds = (base: string): FieldIds => ({
  base,
  title: `${base}-title`,
  description: `${base}-description`,
  error: `${base}-error`,
});

/** What each question control gets: its question, the answer so far and where to report changes. */
export interface FieldProps<T extends QuestionType> {
  readonly question: QuestionOf<T>;
  readonly value: AnswerValueByType[T] | undefined;
  readonly onChange: (value: AnswerValueByType[T]) => void;
  readonly ids: FieldIds;
  readonly error: string | null;
  readonly titleRef: Ref<HTMLHeadingElement>;
  /** Where a field that holds typed text back registers it (the session's `holdInput`). */
  readonly hold: HoldInput;
  /** A submission is on its way: text fields take no typing (the session would not take it). */
  readonly locked: boolean;
}

/** The ids that describe a question: its description, extra hints, and its error when shown. */
export function describedBy(question: Question, ids: FieldIds, error: string | null, ...extra: string[]) {
  const parts = [question.description ? ids.description : '', ...extra, error ? ids.error : ''];
  const joined = parts.filter(Boolean).join(' ');
  return joined === '' ? undefined : joined;
}

/** 'verplicht' beside the title of a required question. */
export function RequiredMark({ required }: { required: boolean }) {
  const words = useRespondWords();
  return required ? <span className="rq-required"> ({words.required})</span> : null;
}

export function QuestionDescription({ question, ids }: { question: Question; ids: FieldIds }) {
  return question.description ? (
    <p id={ids.description} className="rq-description">
      {question.description}
    </p>
  ) : null;
}

/** The error under a question; announced at once when it appears. */
export function QuestionError({ ids, error }: { ids: FieldIds; error: string | null }) {
  return error ? (
    <p id={ids.error} className="rq-error" role="alert">
      {error}
    </p>
  ) : null;
}

/**
 * A question whose answer is a choice among several controls: a fieldset named by its legend, which
 * holds the question as the screen's heading (focused when the question comes on screen).
 */
export function QuestionFieldset({
  question,
  ids,
  error,
  titleRef,
  hints = [],
  children,
}: {
  question: Question;
  ids: FieldIds;
  error: string | null;
  titleRef: Ref<HTMLHeadingElement>;
  hints?: string[];
  children: ReactNode;
}) {
  return (
    <fieldset className="rq" aria-describedby={describedBy(question, ids, error, ...hints)}>
      <legend className="rq-legend">
        <h1 id={ids.title} className="rq-title" ref={titleRef} tabIndex={-1}>
          {question.title}
          <RequiredMark required={question.required} />
        </h1>
      </legend>
      <QuestionDescription question={question} ids={ids} />
      {children}
      <QuestionError ids={ids} error={error} />
    </fieldset>
  );
}
