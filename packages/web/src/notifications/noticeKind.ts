/** The kinds of toast the app shows (core's notices have the same three). */
export type NoticeKind = 'success' | 'error' | 'info';
