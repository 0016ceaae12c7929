// The access module's public entry: the audience rules stored for software and CAD.
export * from './content-access.repository.ts';
export { visibleSubjects } from './content-visibility.ts';
