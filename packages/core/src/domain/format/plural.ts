/** A word or phrase per plural category; `other` is always there. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { readonly other: string };

/**
 * The form a language uses for a number (Intl.PluralRules): Polish and Ukrainian have one, few and
 * many, Arabic also zero and two. Each catalogue of words (the answering page's, the invitation
 * mail's) picks its own forms.
 */
export function pluralOf(locale: string): (count: number, forms: PluralForms) => string {
  const rules = new Intl.PluralRules(locale);
  return (count, forms) => forms[rules.select(count)] ?? forms.other;
}
