/*
 * The values of "Was this helpful?" the browser needs at run time, without the validation library: the reader's
 * widget ships on landing pages (the viewer, software and unit pages), the schemas in feedback.ts do not.
 */

export const feedbackLimits = { commentLength: 1000, noteLength: 1000 } as const;

export const feedbackReasons = ['incorrect', 'outdated', 'missingInformation', 'hardToUnderstand', 'wrongLanguage'] as const;
export type FeedbackReason = (typeof feedbackReasons)[number];

export const feedbackStatuses = ['new', 'inProgress', 'fixed', 'dismissed'] as const;
export type FeedbackStatus = (typeof feedbackStatuses)[number];

export const feedbackSubjectKinds = ['document', 'software', 'unit'] as const;
export type FeedbackSubjectKind = (typeof feedbackSubjectKinds)[number];
