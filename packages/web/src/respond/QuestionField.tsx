import type { AnswerValue, AnswerValueByType, Question, QuestionType } from '@loop/core';
import type { HoldInput } from '@loop/core/surveys/respond';
import type { Ref } from 'react';
import { DateField } from './DateField';
import { DropdownField } from './DropdownField';
import { LikertField } from './LikertField';
import { MultipleChoiceField } from './MultipleChoiceField';
import { NpsField } from './NpsField';
import { NumberField } from './NumberField';
import { OpenTextField } from './OpenTextField';
import type { FieldIds } from './QuestionFrame';
import { RankingField } from './RankingField';
import { RatingField } from './RatingField';
import { SingleChoiceField } from './SingleChoiceField';
import { TextBlockField } from './TextBlockField';

/** The control for one question, by its type; the answer's shape follows the type. */
export function QuestionField({
  question,
  value,
  onChange,
  ids,
  error,
  titleRef,
  hold,
  locked,
}: {
  question: Question;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue) => void;
  ids: FieldIds;
  error: string | null;
  titleRef: Ref<HTMLHeadingElement>;
  hold: HoldInput;
  locked: boolean;
}) {
  const common = { ids, error, titleRef, onChange, hold, locked };
  // The session keeps each answer under its question, so its shape matches the question's type.
  const as = <T extends QuestionType>() => value as AnswerValueByType[T] | undefined;
  switch (question.type) {
    case 'likert':
      return <LikertField {...common} question={question} value={as<'likert'>()} />;
    case 'single_choice':
      return <SingleChoiceField {...common} question={question} value={as<'single_choice'>()} />;
    case 'multiple_choice':
      return <MultipleChoiceField {...common} question={question} value={as<'multiple_choice'>()} />;
    case 'open_short':
    case 'open_long':
      return <OpenTextField {...common} question={question} value={as<'open_short'>()} />;
    case 'nps':
      return <NpsField {...common} question={question} value={as<'nps'>()} />;
    case 'rating':
      return <RatingField {...common} question={question} value={as<'rating'>()} />;
    case 'text_block':
      return <TextBlockField question={question} ids={ids} titleRef={titleRef} />;
    case 'number':
      return <NumberField {...common} question={question} value={as<'number'>()} />;
    case 'dropdown':
      return <DropdownField {...common} question={question} value={as<'dropdown'>()} />;
    case 'date':
      return <DateField {...common} question={question} value={as<'date'>()} />;
    case 'ranking':
      return <RankingField {...common} question={question} value={as<'ranking'>()} />;
  }
}
