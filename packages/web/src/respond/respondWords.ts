import {
  DUTCH_WORDS,
  loadedWords,
  loadRespondentWords,
  type RespondentWords,
} from '@loop/core/surveys/respond';
import { createContext, useContext, useEffect, useState } from 'react';

/**
 * The answering page's words in the respondent's language (R-RESP-10). `RespondentPage` hands
 * them down; without it (a field on its own) the page speaks Dutch.
 */
export const RespondWords = createContext<RespondentWords>(DUTCH_WORDS);

/** The page's words (see RespondWords). */
export const useRespondWords = (): RespondentWords => useContext(RespondWords);

/**
 * The catalogue of `language`: at once when it is loaded (Dutch always is; the entry loads the
 * first one before it renders), else the words so far until its chunk has loaded (R-RESP-11).
 */
export function usePageWords(language: string): RespondentWords {
  const [words, setWords] = useState(() => loadedWords(language) ?? DUTCH_WORDS);
  const ready = loadedWords(language);
  useEffect(() => {
    if (loadedWords(language)) return;
    let live = true;
    void loadRespondentWords(language).then((loaded) => {
      if (live) setWords(loaded);
    });
    return () => {
      live = false;
    };
  }, [language]);
  return ready ?? words;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A whole number as the page's language writes it ('1.234' in Dutch). */
export function formatNumber(locale: string, value: number): string {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    numberFormats.set(locale, format);
  }
  return format.format(value);
}
