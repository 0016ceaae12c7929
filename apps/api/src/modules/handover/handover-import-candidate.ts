/** One document version found in an uploaded handover, before its class and language are checked. */
export interface ImportCandidate {
  /** Where it was found in the upload (a document container's name, an AAS document's idShort). */
  source: string;
  /** The supplier's document id: versions and languages of one document share it. */
  documentId: string;
  /** The VDI 2770 class id as given (for instance `03-02`); empty when none is given. */
  classId: string;
  language: string;
  version: string;
  title: string;
  /** The file on disk (inside the unpacked upload) and the name it is stored under. */
  filePath: string;
  fileName: string;
}

export interface Refusal {
  source: string;
  reason: string;
}

/** What a reader found: the candidates and what it left out. */
export interface ReadHandover {
  candidates: ImportCandidate[];
  refused: Refusal[];
}

/** The reason of a refusal from a thrown error. */
export const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);
