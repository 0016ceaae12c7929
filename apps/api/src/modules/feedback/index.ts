// The feedback module's public entry: its routes for app.ts, and the helpful share of documents (the console's documents table).
export { feedbackRoutes } from './feedback.routes.ts';
export { helpfulShares } from './feedback.service.ts';
// The readers' answers' part of the personal-data export and erasure (privacy).
export { feedbackPersonalData } from './feedback-personal-data.repository.ts';
// The names the audit log shows feedback items by.
export { feedbackTitles } from './feedback.repository.ts';
