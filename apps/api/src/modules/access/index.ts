// The access module's public entry: the audience rules stored for software and CAD, and the console of the named-user grants of documents (stored by documents).
export * from './content-access.repository.ts';
export { softwareVersionVisible, subjectVisible, visibleSubjects } from './content-visibility.ts';
export { documentGrantRoutes } from './document-grant.routes.ts';
// The content rules' part of the personal-data export and erasure (privacy).
export { contentAccessPersonalData } from './content-access-personal-data.repository.ts';
