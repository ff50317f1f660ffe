import { z } from 'zod';
import { importConfigurationPage } from '../import-schemas.ts';
import {
  changeRowPage,
  changeRowsQuery,
  importRun,
  importRunConfigParams,
  importRunDownloadParams,
  importRunPage,
  importRunParams,
  importRunsQuery,
  importSelectionInput,
  rejectedFilterQuery,
  rejectedRowPage,
  rejectedRowsQuery,
  runConfigurationsParams,
  runConfigurationsQuery,
} from '../eligibility-imports.ts';
import { PERMISSIONS as P } from '../permissions.ts';
import { defineContract } from './define-contract.ts';

/*
 * Import runs (issue 17, decision 0123): manage-eligibility (clients and brokers, whose role
 * holds member edit; scope is checked in SQL, 404 outside it) or an internal data role
 * (eligibility import create). Reading a run needs member view or eligibility import view.
 */
const run = { anyOf: [P.editMember, P.eligibilityImportCreate] } as const;
const read = { anyOf: [P.editMember, P.eligibilityImportView, P.eligibilityImportCreate] } as const;
const tags = ['eligibility-imports'];

export const eligibilityImportContracts = {
  listRunConfigurations: defineContract({
    method: 'GET',
    service: 'eligibilityImport',
    path: '/organizations/:orgId/eligibility-import-configs',
    params: runConfigurationsParams,
    query: runConfigurationsQuery,
    answer: importConfigurationPage,
    access: read,
    tags,
    summary:
      "An organization's import configurations, for running imports and reading their runs (clients and brokers with manage-eligibility too); 404 outside the caller's organizations",
  }),
  startRun: defineContract({
    method: 'POST',
    service: 'eligibilityImport',
    path: '/eligibility-import-configs/:eicNo/runs',
    params: importRunConfigParams,
    bodyKind: 'multipart',
    answer: importRun,
    status: 201,
    // A problem (status, title, detail: the message the screen shows) with the active run's id.
    otherAnswers: {
      409: z.object({
        status: z.literal(409),
        title: z.string(),
        detail: z.string(),
        message: z.string(),
        runId: z.number().int(),
      }),
    },
    access: run,
    tags,
    summary:
      'Upload a file on an import configuration (streamed into storage) and start its run; 409 while another run of the configuration is reading or applying',
  }),
  listRuns: defineContract({
    method: 'GET',
    service: 'eligibilityImport',
    path: '/eligibility-import-configs/:eicNo/runs',
    params: importRunConfigParams,
    query: importRunsQuery,
    answer: importRunPage,
    access: read,
    tags,
    summary: "A configuration's runs, newest first: who, when, file, counts, outcome",
  }),
  getRun: defineContract({
    method: 'GET',
    service: 'eligibilityImport',
    path: '/eligibility-import-runs/:runId',
    params: importRunParams,
    answer: importRun,
    access: read,
    tags,
    summary: 'One run with its progress (rows read, validated, applied, time left) and counts',
  }),
  listChanges: defineContract({
    method: 'GET',
    service: 'eligibilityImport',
    path: '/eligibility-import-runs/:runId/changes',
    params: importRunParams,
    query: changeRowsQuery,
    answer: changeRowPage,
    access: read,
    tags,
    summary: "The preview's changes, paged, filterable by kind, with old and new values",
  }),
  listRejected: defineContract({
    method: 'GET',
    service: 'eligibilityImport',
    path: '/eligibility-import-runs/:runId/rejected',
    params: importRunParams,
    query: rejectedRowsQuery,
    answer: rejectedRowPage,
    access: read,
    tags,
    summary:
      "The preview's rejected rows (row number, field, message), paged, filtered by field and by text in the message; with the fields the run's rejected rows name",
  }),
  download: defineContract({
    method: 'GET',
    service: 'eligibilityImport',
    path: '/eligibility-import-runs/:runId/files/:file',
    params: importRunDownloadParams,
    query: rejectedFilterQuery,
    answer: z.unknown().describe('changes or rejected rows as CSV or XLSX, or the 999 / TA1'),
    answerKind: 'file',
    access: read,
    tags,
    summary:
      "A run's preview (CSV, XLSX), rejected rows (filtered by field and message text, as the table), or an 834 run's 999 or TA1",
  }),
  saveSelection: defineContract({
    method: 'PUT',
    service: 'eligibilityImport',
    path: '/eligibility-import-runs/:runId/selection',
    params: importRunParams,
    body: importSelectionInput,
    answer: importRun,
    access: run,
    tags,
    summary: 'Accept every valid row, or deselect some; nothing is written to members',
  }),
  apply: defineContract({
    method: 'POST',
    service: 'eligibilityImport',
    path: '/eligibility-import-runs/:runId/apply',
    params: importRunParams,
    answer: importRun,
    status: 201,
    access: run,
    tags,
    summary:
      'Apply the selected rows (a job, in bounded transactions, resumable); 409 when already applied or still reading',
  }),
} as const;
