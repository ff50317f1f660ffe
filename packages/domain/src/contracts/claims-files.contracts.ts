import { z } from 'zod';
import {
  acceptFileInput,
  claimRangeAnswer,
  claimRangeQuery,
  claimsFile,
  claimsFileLists,
  claimsFileParams,
  faIterationDetail,
  faIterationInput,
  faIterationList,
  iterationParams,
  mappedClaimsFile,
  mappedFileParams,
  mappingSourceAnswer,
  proposalFormat,
  registerMappedInput,
  uploadAnswer,
} from '../claims-files.ts';
import { EVALUATE_ACCESS } from './crm.contracts.ts';
import { defineContract } from './define-contract.ts';

const tags = ['evaluate'];
const access = EVALUATE_ACCESS;

/*
 * The evaluate service's claims file and financial analysis calls (spec 3 §7 "Evaluate service":
 * upload-file, accept-file, claims, fa_iterations; issue 19, decision 0126). The same rule as
 * the opportunity calls: internal rxbAdmin users with eval-view-opp.
 */
export const claimsFileContracts = {
  uploadFile: defineContract({
    method: 'POST',
    service: 'evaluate',
    path: '/opps/:id/upload-file',
    params: claimsFileParams,
    bodyKind: 'multipart',
    answer: uploadAnswer,
    access,
    tags,
    summary:
      'Upload one claims file (CSV, pipe-delimited, fixed-width or XLSX), streamed and encrypted into storage; answers its hash, columns and first 5 rows',
  }),
  acceptFile: defineContract({
    method: 'POST',
    service: 'evaluate',
    path: '/opps/:id/accept-file',
    params: claimsFileParams,
    body: acceptFileInput,
    answer: claimsFile,
    access,
    tags,
    summary: 'Accept an uploaded claims file by its hash, with its PHI flag (default true)',
  }),
  listFiles: defineContract({
    method: 'GET',
    service: 'evaluate',
    path: '/opps/:id/claims',
    params: claimsFileParams,
    answer: claimsFileLists,
    access,
    tags,
    summary: "An opportunity's unmapped (accepted) and mapped claims files, newest first",
  }),
  registerMapped: defineContract({
    method: 'POST',
    service: 'evaluate',
    path: '/opps/:id/claims',
    params: claimsFileParams,
    body: registerMappedInput,
    answer: mappedClaimsFile,
    status: 201,
    access,
    tags,
    summary:
      'Register the mapped file a data-mapper job wrote and compute its summary (claims, created and dropped columns, min and max fill date)',
  }),
  claimRange: defineContract({
    method: 'GET',
    service: 'evaluate',
    path: '/opps/:id/claims/:x',
    params: mappedFileParams,
    query: claimRangeQuery,
    answer: claimRangeAnswer,
    access,
    tags,
    summary:
      'Claims and months of a mapped file within a fill date range (the whole file without one); a range outside the file refused',
  }),
  mappingSource: defineContract({
    method: 'POST',
    service: 'evaluate',
    path: '/opps/:id/claims-files/:x/mapping-source',
    params: mappedFileParams,
    answer: mappingSourceAnswer,
    access,
    tags,
    summary:
      "Prepare an accepted claims file (x) for the data mapper: a read schema of its columns, the standard claims write schema's id, and the id a mapping job reads the file by",
  }),
  listIterations: defineContract({
    method: 'GET',
    service: 'evaluate',
    path: '/opps/:id/fa_iterations',
    params: claimsFileParams,
    answer: faIterationList,
    access,
    tags,
    summary: "An opportunity's financial analysis iterations, newest first",
  }),
  saveIteration: defineContract({
    method: 'POST',
    service: 'evaluate',
    path: '/opps/:id/fa_iterations',
    params: claimsFileParams,
    body: faIterationInput,
    answer: faIterationDetail,
    status: 201,
    access,
    tags,
    summary: 'Save a pricing grid as a new iteration (notes required, at most 3 output columns)',
  }),
  getIteration: defineContract({
    method: 'GET',
    service: 'evaluate',
    path: '/opps/:id/fa_iterations/:iterationId',
    params: iterationParams,
    answer: faIterationDetail,
    access,
    tags,
    summary: 'One iteration with its selections, grid and footnotes',
  }),
  proposal: defineContract({
    method: 'GET',
    service: 'evaluate',
    path: '/opps/:id/fa_iterations/:iterationId/proposal/:format',
    params: proposalFormat,
    answer: z.unknown().describe('The proposal as PDF or XLSX'),
    answerKind: 'file',
    access,
    tags,
    summary: "An iteration's proposal in its output template's layout, as PDF or XLSX",
  }),
} as const;
