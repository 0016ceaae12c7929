// The statistics module's public entry: the routes for app.ts and the view counter the documents module hooks in.
export { statisticsRoutes } from './statistics.routes.ts';
export { recordDocumentView } from './document-view.hook.ts';
