import { PERMISSIONS as P } from '../permissions.ts';
import {
  dataNetConflict,
  dataNetImportQuery,
  dataNetImportResult,
  dataNetPreviewUser,
  dataNetUsernameQuery,
} from '../users.ts';
import { defineContract } from './define-contract.ts';

const importDataNetUser = { allOf: [P.importDatanetUser] } as const;

/**
 * Authorization service DataNet import (spec 2 §7): a user found in the DataNet directory becomes
 * a Pillar user. Both calls answer 409 with the Pillar user who already has the address.
 */
export const dataNetContracts = {
  preview: defineContract({
    method: 'GET',
    service: 'authorization',
    path: '/users/preview-dn-import',
    query: dataNetUsernameQuery,
    answer: dataNetPreviewUser,
    otherAnswers: { 409: dataNetConflict },
    access: importDataNetUser,
    tags: ['users'],
    summary: 'Preview a DataNet user for import (409: the email is in use)',
  }),
  import: defineContract({
    method: 'POST',
    service: 'authorization',
    path: '/users/import-user',
    query: dataNetImportQuery,
    answer: dataNetImportResult,
    status: 201,
    otherAnswers: { 409: dataNetConflict },
    access: importDataNetUser,
    tags: ['users'],
    summary: 'Import a DataNet user as a new, inactive Pillar user',
  }),
};
