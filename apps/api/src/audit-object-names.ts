import type { AuditNames } from './modules/audit/index.ts';
import { cadLibraryTitles } from './modules/cad/index.ts';
import { documentNames, productNames } from './modules/documents/index.ts';
import { feedbackTitles } from './modules/feedback/index.ts';
import { paperRequestTitles } from './modules/paper-requests/index.ts';
import { softwareTitles } from './modules/software/index.ts';
import { noticeTitles, unitTitles } from './modules/units/index.ts';
import { companyTitles, userNames } from './modules/users/index.ts';

/** The owners' lookups the audit log names its actors and objects by (object kinds as the writers record them). */
export const auditObjectNames: AuditNames = {
  people: userNames,
  objects: {
    document: documentNames,
    product: productNames,
    software: softwareTitles,
    unit: unitTitles,
    'cad-library': cadLibraryTitles,
    company: companyTitles,
    notice: noticeTitles,
    feedback: feedbackTitles,
    'paper-request': paperRequestTitles,
    // A refused paper request is recorded under the account it was refused to.
    'paper-request-refused': companyTitles,
  },
};
