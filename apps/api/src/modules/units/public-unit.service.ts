import type { Kysely } from 'kysely';
import type { PublicUnit } from '@portal/contracts/unit-identification';
import type { Database } from '../../platform/db/schema.ts';
import { referenceNames } from '../documents/index.ts';
import { identificationLink } from './identification-link.ts';
import { findUnitBySerial } from './unit.repository.ts';

export interface PublicUnitDeps {
  db: Kysely<Database>;
  publicUrl: string;
  maker: string;
}

/**
 * What a signed-out person who scanned a machine's code may learn: the serial, the maker and the
 * model, all printed on the machine anyway. An unknown serial gets the same answer without a model;
 * the owner, the site, the options and the documents stay behind sign-in.
 */
export async function publicUnit({ db, publicUrl, maker }: PublicUnitDeps, serial: string): Promise<PublicUnit> {
  const unit = await findUnitBySerial(db, serial);
  const name = unit ? (await referenceNames(db, { types: [], products: [unit.productCode] })).products.get(unit.productCode) : undefined;
  return {
    serialNumber: serial,
    identificationLink: identificationLink(publicUrl, serial),
    maker,
    model: unit ? { code: unit.productCode, name: name ?? unit.productCode } : null,
  };
}
