// The import module's public entry: the bulk import (the `npm run import` command and the demo seed use it).
export { planImport, type ImportItem, type ImportPlan } from './import-plan.ts';
export { ensureCatalogCodes, runImport, type ImportCounts, type ImportDeps } from './import-runner.ts';
export { buildImportReport, importReportCsv, importReportJson, importReportText, type ImportReport } from './import-report.ts';
export { loadImportCatalog } from './import-catalog.ts';
