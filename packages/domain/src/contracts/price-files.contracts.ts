import { z } from 'zod';
import { priceFile, priceFileList, priceFileParams } from '../price-files.ts';
import { EVALUATE_ACCESS } from './crm.contracts.ts';
import { defineContract } from './define-contract.ts';

const tags = ['evaluate'];
/*
 * The administrator's price files (issue 19, decision 0147), kept with the rate cards and under
 * their rule (decision 0114: internal rxbAdmin users with eval-view-opp).
 */
const access = EVALUATE_ACCESS;

export const priceFileContracts = {
  listPriceFiles: defineContract({
    method: 'GET',
    service: 'evaluate',
    path: '/price-files',
    answer: priceFileList,
    access,
    tags,
    summary: 'The loaded price files, newest first, with the one the FA jobs use marked active',
  }),
  loadPriceFile: defineContract({
    method: 'POST',
    service: 'evaluate',
    path: '/price-files',
    bodyKind: 'multipart',
    answer: priceFile,
    status: 201,
    access,
    tags,
    summary:
      'Load a price file (CSV, NADAC or AWP layout, streamed); it becomes the active one. Bad rows are counted and listed',
  }),
  activatePriceFile: defineContract({
    method: 'POST',
    service: 'evaluate',
    path: '/price-files/:priceFileNo/activate',
    params: priceFileParams,
    answer: priceFile,
    access,
    tags,
    summary: 'Make a loaded price file the active one',
  }),
  deletePriceFile: defineContract({
    method: 'DELETE',
    service: 'evaluate',
    path: '/price-files/:priceFileNo',
    params: priceFileParams,
    answer: z.null().describe('Deleted'),
    status: 204,
    access,
    tags,
    summary:
      'Delete a price file and its rows; the most recently activated other file becomes active',
  }),
} as const;
