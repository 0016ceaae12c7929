/** The content of a generated demo file, rendered the same way into PDF, DOCX and XLSX. */
export interface DocumentContent {
  title: string;
  /** A line under the title: product, reference, version. */
  subtitle: string;
  sections: ContentSection[];
}

export interface ContentSection {
  heading: string;
  paragraphs: string[];
  table?: { columns: string[]; rows: string[][] };
}
