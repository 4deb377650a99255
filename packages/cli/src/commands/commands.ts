import type { Command } from './command';
import { contactsImport } from './contactsImport';
import { kpiSet } from './kpiSet';
import { resultsExport } from './resultsExport';
import { surveysList } from './surveysList';
import { webhooksVerify } from './webhooksVerify';

/** Every command of `loop`, in the order `loop help` lists them. */
export const COMMANDS: readonly Command[] = [
  surveysList,
  resultsExport,
  contactsImport,
  kpiSet,
  webhooksVerify,
];
