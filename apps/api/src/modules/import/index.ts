// The import module's public entry: the bulk import (the `npm run import` command and the demo seed use it).
export { planImport, type ImportItem, type ImportPlan } from './import-plan.ts';
export { ensureCatalogCodes, runImport, type ImportCounts, type ImportDeps, type ImportPublication } from './import-runner.ts';
// Titles and references of files whose names give none, and the dry run of an import.
export { completeDerivedItems } from './derived-metadata.ts';
export { previewImport, type ImportPreview } from './import-preview.ts';
export { buildImportReport, importReportCsv, importReportJson, importReportText, type ImportReport } from './import-report.ts';
export { loadImportCatalog } from './import-catalog.ts';
