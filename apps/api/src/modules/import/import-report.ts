import { csvCell } from '../../platform/csv.ts';
import type { ImportPlan } from './import-plan.ts';
import type { ImportCounts, ImportResult } from './import-runner.ts';

/** Every file of an import and what became of it, the folder names ignored and the codes created. */
export interface ImportReport {
  summary: { added: number; skipped: number; refused: number; failed: number; notImportable: number };
  files: ImportResult[];
  /** Plan problems: files or manifest rows never tried (bad metadata, a path leaving the folder). */
  notImportable: string[];
  ignoredFolders: ImportPlan['ignoredFolders'];
  created: string[];
}

export function buildImportReport(plan: ImportPlan, counts: ImportCounts, created: string[]): ImportReport {
  const files = [...counts.results].sort((a, b) => a.path.localeCompare(b.path));
  return {
    summary: { added: counts.added, skipped: counts.skipped, refused: counts.refused, failed: counts.failed, notImportable: plan.problems.length },
    files,
    notImportable: plan.problems,
    ignoredFolders: plan.ignoredFolders,
    created,
  };
}

/** `path,outcome,reason`: one line per file, then the files never tried (outcome `not importable`). */
export function importReportCsv(report: ImportReport): string {
  const lines = [['path', 'outcome', 'reason']];
  for (const file of report.files) lines.push([file.path, file.outcome, file.reason ?? '']);
  for (const problem of report.notImportable) lines.push(['', 'not importable', problem]);
  return `${lines.map((line) => line.map((value) => csvCell(value, 'always')).join(',')).join('\r\n')}\r\n`;
}

export const importReportJson = (report: ImportReport) => `${JSON.stringify(report, null, 2)}\n`;

/** The report as the CLI prints it at the end: refusals, failures and ignored folders, then the counts. */
export function importReportText(report: ImportReport): string {
  const lines: string[] = [];
  if (report.created.length > 0) lines.push(`created ${report.created.join(', ')}`);
  for (const { folder, files } of report.ignoredFolders) lines.push(`folder name ignored (not a document type or product): ${folder} (${files} files)`);
  for (const problem of report.notImportable) lines.push(`not importable: ${problem}`);
  for (const file of report.files) if (file.reason) lines.push(`${file.outcome}: ${file.path}: ${file.reason}`);
  const { added, skipped, refused, failed, notImportable } = report.summary;
  lines.push(`Import finished: added ${added}, skipped ${skipped}, refused ${refused}, failed ${failed}, not importable ${notImportable}`);
  return lines.join('\n');
}
