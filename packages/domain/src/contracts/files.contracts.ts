import { z } from 'zod';
import { PERMISSIONS } from '../permissions.ts';
import {
  FILE_EXTENSIONS,
  fileDetail,
  fileDownloadPage,
  fileDownloadQuery,
  fileIdParams,
  fileListQuery,
  fileOrganizationPage,
  fileOrganizationQuery,
  filePage,
  fileRecipientPage,
  fileRecipientQuery,
  fileSettings,
  fileUpdateInput,
  fileUploadResult,
} from '../files.ts';
import { defineContract } from './define-contract.ts';

const view = { allOf: [PERMISSIONS.viewFiles] } as const;
const upload = { allOf: [PERMISSIONS.viewFiles, PERMISSIONS.uploadFiles] } as const;
const remove = { allOf: [PERMISSIONS.viewFiles, PERMISSIONS.deleteFiles] } as const;
const tags = ['files'];

/** Portal service secure file exchange (spec 3 §7 "Files"), in the server's registration order. */
export const filesContracts = {
  list: defineContract({
    method: 'GET',
    service: 'portal',
    path: '/files',
    query: fileListQuery,
    answer: filePage,
    access: view,
    tags,
    summary: 'The files the user may see, newest first',
  }),
  settings: defineContract({
    method: 'GET',
    service: 'portal',
    path: '/files/settings',
    answer: fileSettings,
    access: view,
    tags,
    summary: 'Upload limits: largest file, files per upload, accepted extensions',
  }),
  organizations: defineContract({
    method: 'GET',
    service: 'portal',
    path: '/files/organizations',
    query: fileOrganizationQuery,
    answer: fileOrganizationPage,
    access: view,
    tags,
    summary: 'Organizations a file may be filed under (those the user may see)',
  }),
  recipients: defineContract({
    method: 'GET',
    service: 'portal',
    path: '/files/recipients',
    query: fileRecipientQuery,
    answer: fileRecipientPage,
    access: upload,
    tags,
    summary: 'Users of an organization a file may be sent to, with whether they may receive PHI',
  }),
  /** The form's fields are `fileUploadFields`, which the service checks before reading a file. */
  upload: defineContract({
    method: 'POST',
    service: 'portal',
    path: '/files',
    bodyKind: 'multipart',
    answer: fileUploadResult,
    status: 201,
    access: upload,
    tags,
    summary: 'Upload up to 10 files (multipart/form-data)',
    description:
      'Fields categoryId, organizationNo, phi (true or false) and recipientId (repeated), ' +
      'then up to 10 parts named file. Send the fields first: they are checked before any ' +
      `file is read. Accepted extensions: ${FILE_EXTENSIONS.join(', ')}.`,
  }),
  get: defineContract({
    method: 'GET',
    service: 'portal',
    path: '/files/:id',
    params: fileIdParams,
    answer: fileDetail,
    access: view,
    tags,
    summary: 'One file; its recipients for the uploader and internal users',
  }),
  update: defineContract({
    method: 'PUT',
    service: 'portal',
    path: '/files/:id',
    params: fileIdParams,
    body: fileUpdateInput,
    answer: fileDetail,
    access: view,
    tags,
    summary: "Change a file's category, PHI flag and recipients (its uploader only)",
  }),
  delete: defineContract({
    method: 'DELETE',
    service: 'portal',
    path: '/files/:id',
    params: fileIdParams,
    answer: z.null().describe('Deleted'),
    status: 204,
    access: remove,
    tags,
    summary: 'Delete a file and its bytes (its uploader only)',
  }),
  /** Each download writes a receipt, so the route answers no HEAD (a file answer). */
  download: defineContract({
    method: 'GET',
    service: 'portal',
    path: '/files/:id/download',
    params: fileIdParams,
    answer: z.unknown().describe('The file, as uploaded'),
    answerKind: 'file',
    access: view,
    tags,
    summary: 'The file itself; each download is recorded',
  }),
  downloads: defineContract({
    method: 'GET',
    service: 'portal',
    path: '/files/:id/downloads',
    params: fileIdParams,
    query: fileDownloadQuery,
    answer: fileDownloadPage,
    access: view,
    tags,
    summary: 'Who downloaded a file and when (its uploader only)',
  }),
};
