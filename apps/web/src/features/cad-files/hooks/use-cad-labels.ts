import { useMemo } from 'react';
import type { CadCatalogueResponse, CadModel } from '@portal/contracts/cad';
import { exclusionCode, useContentLabel } from '../../../lib/i18n/content-labels';

type Family = Pick<CadCatalogueResponse['families'][number], 'code' | 'name' | 'description'>;
type Coded = { code: string; label: string };
type Catalogue = CadCatalogueResponse | undefined;

/** Labels of the CAD catalogue in the user's language: families, models (products), option groups and values. */
export function useCadLabels() {
  const label = useContentLabel();
  return useMemo(
    () => ({
      family: (family: Family) => label('cadFamilies', family.code, family.name),
      familyDescription: (family: Family) => label('cadFamilyDescriptions', family.code, family.description),
      model: (model: Pick<CadModel, 'code' | 'name'>) => label('products', model.code, model.name),
      modelDescription: (model: Pick<CadModel, 'code' | 'description'>) => label('cadModelDescriptions', model.code, model.description),
      group: (group: Coded) => label('cadOptionGroups', group.code, group.label),
      value: (value: Coded) => label('cadOptions', value.code, value.label),
      exclusionReason: (a: string, b: string, reason: string) => label('cadExclusions', exclusionCode(a, b), reason),
      /** A value code of `model` by its label; the code itself only if the model does not know it. */
      valueOf: (model: CadModel, code: string) => {
        const value = model.optionGroups.flatMap((group) => group.values).find((candidate) => candidate.code === code);
        return value ? label('cadOptions', value.code, value.label) : code;
      },
    }),
    [label],
  );
}

export type CadLabels = ReturnType<typeof useCadLabels>;

/** The model of the catalogue with this code, if the user may see it. */
export function findModel(catalogue: Catalogue, code: string): CadModel | undefined {
  return catalogue?.families.flatMap((family) => family.models).find((model) => model.code === code);
}
