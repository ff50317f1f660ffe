import { z } from 'zod';
import { eligibilityExportParams, eligibilityExportQuery } from '../eligibility-exports.ts';
import { PERMISSIONS as P } from '../permissions.ts';
import { defineContract } from './define-contract.ts';

/*
 * The 834 export of an organization's eligibility (issue 17, decision 0128): the organization's
 * manage-eligibility users (member edit, scope checked: 404 outside it) or the internal data
 * role (eligibility import create), as for running an import.
 */
export const eligibilityExportContracts = {
  export834: defineContract({
    method: 'GET',
    service: 'eligibilityImport',
    path: '/organizations/:orgId/eligibility-834',
    params: eligibilityExportParams,
    query: eligibilityExportQuery,
    answer: z.unknown().describe('an 834 (005010X220A1) interchange, as text'),
    answerKind: 'file',
    access: { anyOf: [P.editMember, P.eligibilityImportCreate] },
    tags: ['eligibility-imports'],
    summary:
      "An 834 of the organization's current eligibility: every member (kind=full, maintenance 030) or the changes since the last export (kind=changes: 021, 001, 024, 025; 409 when nothing changed)",
  }),
} as const;
