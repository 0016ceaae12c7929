import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.ts';
import { ensureAccounts } from '../modules/users/index.ts';
import { insertMissingReferenceRows } from './demo-content.repository.ts';

/** The document types of design.md §1. */
export const documentTypes = [
  { code: 'manual', name: 'Manual' },
  { code: 'datasheet', name: 'Data sheet' },
  { code: 'certificate', name: 'Certificate' },
  { code: 'drawing', name: 'Drawing' },
  { code: 'releaseNotes', name: 'Release notes' },
  { code: 'video', name: 'Video' },
  // Also added by migration 2026-11-28-71 on every installation.
  { code: 'declarationOfConformity', name: 'EU declaration of conformity' },
  // Also added by migration 2026-11-28-72 on every installation.
  { code: 'productPhoto', name: 'Product photo' },
  // Also added by migration 2026-11-29-40 on every installation (with 'drawing').
  { code: 'model3d', name: '3D model' },
] as const;

/** The demo product range: robots, controllers, grippers, tool changers. */
export const products = [
  { code: 'ARM6', name: 'Six-axis robot ARM-6', family: 'robots' },
  { code: 'ARM12', name: 'Six-axis robot ARM-12', family: 'robots' },
  { code: 'SCARA4', name: 'SCARA robot S-4', family: 'robots' },
  { code: 'CTRL7', name: 'Robot controller C7', family: 'controllers' },
  { code: 'CTRL9', name: 'Robot controller C9', family: 'controllers' },
  { code: 'GRIP20', name: 'Servo gripper G20', family: 'grippers' },
  { code: 'VAC4', name: 'Vacuum gripper V4', family: 'grippers' },
  { code: 'TC50', name: 'Tool changer TC-50', family: 'toolChangers' },
  { code: 'TC120', name: 'Tool changer TC-120', family: 'toolChangers' },
] as const;

/** The demo's companies, as the demo users' tokens and the demo units name them: a customer and the partner serving it. */
export const demoCompanies = [
  { id: 'PARTNER-01', name: 'Rhône Robotics Service', kind: 'partner' },
  { id: 'ACME-001', name: 'ACME Manufacturing', kind: 'customer', partners: ['PARTNER-01'] },
] as const;

/** Inserts the document types, products and demo companies that are missing (existing rows are left as they are). */
export async function ensureReferenceData(db: Kysely<Database>): Promise<void> {
  await insertMissingReferenceRows(db, documentTypes, products);
  await ensureAccounts(db, demoCompanies);
}
