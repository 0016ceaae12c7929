/** The 3D previews of stored CAD files (issue 29), keyed by the source file's storage key (documents, libraries, CAD sets alike). */
export interface ModelPreviewsTable {
  sourceKey: string;
  /** The GLB's storage key; null when none could be made. */
  glbKey: string | null;
  sizeX: number | null;
  sizeY: number | null;
  sizeZ: number | null;
  triangles: number | null;
  /** Why there is no preview ("preview not available: …"); null when there is one. */
  failure: string | null;
  createdAt: string;
}

/** The tables the previews own, as platform/db/schema.ts composes them. */
export interface ModelPreviewTables {
  model_previews: ModelPreviewsTable;
}
