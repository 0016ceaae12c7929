/** Fills `folder` with links from the unversioned OpenCascade library names DRAW's plug-ins need to the installed ones. */
export function linkUnversionedLibraries(folder: string): void;
