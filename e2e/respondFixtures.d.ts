/**
 * Surveys made through the real API as a demo account, for the answering-page browser test and the
 * bundle bench: an open survey with one question of every type, its personal and public links.
 */
import type { Survey, SurveyInput } from '@loop/core';
import { type RunningServer } from './harness';
export interface DemoApi {
    call<T>(method: string, path: string, body?: unknown): Promise<T>;
}
/** Signs in through the API and talks for the account's first organisation. */
export declare function demoApi(server: RunningServer, account?: {
    email: string;
    password: string;
}): Promise<DemoApi>;
export declare const everyTypeSurvey: (overrides?: Partial<SurveyInput>) => SurveyInput;
/** A new survey of the account's organisation, opened for answers. */
export declare function openSurvey(api: DemoApi, input?: SurveyInput): Promise<Survey>;
/** `count` new personal links of a survey (their tokens). */
export declare function personalLinks(api: DemoApi, surveyId: number, count?: number): Promise<readonly string[]>;
/** The token of a survey's public link. */
export declare function publicToken(api: DemoApi, surveyId: number): Promise<string>;
