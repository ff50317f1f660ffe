import { z } from 'zod';
import { pageSchema, pagingQuery } from './paging.ts';
import { ROLE_DEFINITIONS } from './roles.ts';
import { INT4_MAX, int4Id, requiredMessage } from './validation.ts';
import type { UserTypeCode } from './codes.ts';

/**
 * Secure file exchange (spec 3 §2 "Files area", §3 "File", §5 "Files"; spec 1 §9): accepted
 * types, type labels, categories, the visibility rule and the request and answer schemas.
 */

/** Spec 3 §5, spec 1 §9: the only extensions an upload may carry. */
export const FILE_EXTENSIONS = [
  '.csv',
  '.dat',
  '.doc',
  '.docx',
  '.gpg',
  '.pdf',
  '.pgp',
  '.ppt',
  '.pptx',
  '.txt',
  '.xls',
  '.xlsx',
  '.zip',
] as const;
export type FileExtension = (typeof FILE_EXTENSIONS)[number];

/** Spec 3 §9: at most 10 files at once; the button disables at 10. */
export const MAX_FILES_PER_UPLOAD = 10;
/** The per-file size limit when the server's FILE_MAX_BYTES is unset: 200 MB. */
export const DEFAULT_FILE_MAX_BYTES = 209_715_200;
/** How long a file name may be, extension included. */
export const FILE_NAME_MAX_LENGTH = 255;

/** Lower-case extension with its dot ('.pdf'), or '' when the name has none. */
export function fileExtensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 && dot < base.length - 1 ? base.slice(dot).toLowerCase() : '';
}

export function isAcceptedFileName(name: string): boolean {
  return (FILE_EXTENSIONS as readonly string[]).includes(fileExtensionOf(name));
}

const TYPE_LABELS: Record<FileExtension, string> = {
  '.txt': 'Text',
  '.csv': 'CSV',
  '.dat': 'DAT',
  '.doc': 'Word',
  '.docx': 'Word',
  '.xls': 'Excel',
  '.xlsx': 'Excel',
  '.ppt': 'PowerPoint',
  '.pptx': 'PowerPoint',
  '.pdf': 'PDF',
  '.gpg': 'GPG',
  '.zip': 'Archive',
  '.pgp': 'PGP',
};

/** The Type column of the files list (spec 3 §2), from the extension; 'File' otherwise. */
export function fileTypeLabel(name: string): string {
  return TYPE_LABELS[fileExtensionOf(name) as FileExtension] ?? 'File';
}

/** The media type a download is sent with; browsers open nothing inline (attachment). */
export function fileMediaType(name: string): string {
  switch (fileExtensionOf(name)) {
    case '.csv':
      return 'text/csv; charset=utf-8';
    case '.txt':
    case '.dat':
      return 'text/plain; charset=utf-8';
    case '.pdf':
      return 'application/pdf';
    case '.doc':
      return 'application/msword';
    case '.docx':
      return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    case '.xls':
      return 'application/vnd.ms-excel';
    case '.xlsx':
      return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    case '.ppt':
      return 'application/vnd.ms-powerpoint';
    case '.pptx':
      return 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
    case '.zip':
      return 'application/zip';
    case '.gpg':
    case '.pgp':
      return 'application/pgp-encrypted';
    default:
      return 'application/octet-stream';
  }
}

/**
 * The categories a file is filed under. Spec 3 names a categoryId but not the list; these are
 * the kinds of document a pharmacy-benefit administrator exchanges with its clients
 * (docs/decisions/0010-files-exchange.md).
 */
export const FILE_CATEGORIES = [
  { id: 1, label: 'Eligibility' },
  { id: 2, label: 'Claims' },
  { id: 3, label: 'Invoices and Billing' },
  { id: 4, label: 'Plan Documents' },
  { id: 5, label: 'Reports' },
  { id: 6, label: 'Contracts' },
  { id: 7, label: 'Other' },
] as const;
export type FileCategoryId = (typeof FILE_CATEGORIES)[number]['id'];

export function fileCategoryLabel(id: number): string {
  return FILE_CATEGORIES.find((c) => c.id === id)?.label ?? 'Other';
}

/**
 * How many bytes of a file's start the content check reads. Enough for every signature below
 * and for a fair look at a text file.
 */
export const CONTENT_CHECK_BYTES = 4096;

function startsWith(head: Uint8Array, signature: readonly number[], at = 0): boolean {
  if (head.length < at + signature.length) return false;
  return signature.every((byte, i) => head[at + i] === byte);
}

function ascii(text: string): number[] {
  return [...text].map((c) => c.charCodeAt(0));
}

const PDF = ascii('%PDF-');
/** Local file header, empty archive, spanned archive. docx, xlsx and pptx are zip archives. */
const ZIP = [ascii('PK\x03\x04'), ascii('PK\x05\x06'), ascii('PK\x07\x08')];
/** Compound File Binary (OLE2): legacy .doc, .xls and .ppt. */
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ARMOR = ascii('-----BEGIN PGP ');
/** OpenPGP packet tags that may open a message, key or signature (RFC 9580 §5). */
const OPENPGP_FIRST_TAGS = new Set([1, 2, 3, 4, 5, 6, 8, 10, 11, 14, 18, 20]);

function isOpenPgp(head: Uint8Array): boolean {
  // ASCII armor may follow a byte-order mark or blank lines.
  let start = 0;
  if (startsWith(head, [0xef, 0xbb, 0xbf])) start = 3;
  while (
    start < head.length &&
    (head[start] === 0x20 || head[start] === 0x0a || head[start] === 0x0d || head[start] === 0x09)
  )
    start += 1;
  if (startsWith(head, ARMOR, start)) return true;
  const first = head[0];
  if (first === undefined || (first & 0x80) === 0) return false;
  // New format: tag in the low six bits; old format: bits 5..2.
  const tag = first & 0x40 ? first & 0x3f : (first >> 2) & 0x0f;
  return OPENPGP_FIRST_TAGS.has(tag);
}

function hasNoNul(head: Uint8Array): boolean {
  return !head.includes(0);
}

/**
 * Whether the start of a file matches its extension ("checked against its extension"): magic
 * bytes for PDF, zip-based Office and zip, OLE2 for legacy Office, an OpenPGP packet or ASCII
 * armor for .gpg and .pgp, and no NUL byte for the text types. `head` is the first
 * CONTENT_CHECK_BYTES bytes, or the whole file when it is shorter.
 */
export function contentMatchesExtension(extension: string, head: Uint8Array): boolean {
  switch (extension.toLowerCase()) {
    case '.pdf':
      return startsWith(head, PDF);
    case '.zip':
    case '.docx':
    case '.xlsx':
    case '.pptx':
      return ZIP.some((signature) => startsWith(head, signature));
    case '.doc':
    case '.xls':
    case '.ppt':
      return startsWith(head, OLE);
    case '.gpg':
    case '.pgp':
      return isOpenPgp(head);
    case '.csv':
    case '.txt':
    case '.dat':
      return hasNoNul(head);
    default:
      return false;
  }
}

/** The role group whose roles may receive PHI files (spec 1 §6: "files (may receive PHI files)"). */
export const FILES_ROLE_GROUP = 'files';

/** True when one of the roles belongs to the files group (clientFiles, brokerFiles). */
export function holdsFilesRole(roleKeys: readonly string[]): boolean {
  return ROLE_DEFINITIONS.some(
    (role) => role.groupKey === FILES_ROLE_GROUP && roleKeys.includes(role.key),
  );
}

/**
 * Whether a user may be sent a PHI file: internal staff see their organizations' files anyway;
 * client and broker users only with a role of the files group.
 */
export function canReceivePhi(user: { userType: UserTypeCode; roleKeys: readonly string[] }) {
  return user.userType === 'i' || holdsFilesRole(user.roleKeys);
}

export interface FileViewer {
  userNo: number;
  userType: UserTypeCode;
  roleKeys: readonly string[];
  /** Whether the viewer may see the file's organization. */
  inOrganizationScope: boolean;
}

export interface FileAccessFacts {
  ownerUserNo: number;
  phi: boolean;
  recipientUserNos: readonly number[];
}

/**
 * Who may see a file (the repository's SQL says the same): nobody outside its organization's
 * scope; inside it, the uploader, internal users, and recipients, a PHI file only those
 * recipients who hold the files role (or are internal).
 */
export function canSeeFile(viewer: FileViewer, file: FileAccessFacts): boolean {
  if (!viewer.inOrganizationScope) return false;
  if (viewer.userNo === file.ownerUserNo) return true;
  if (viewer.userType === 'i') return true;
  if (!file.recipientUserNos.includes(viewer.userNo)) return false;
  return !file.phi || holdsFilesRole(viewer.roleKeys);
}

// ---- Schemas ----

export const FILE_SORT_FIELDS = [
  'name',
  'organizationName',
  'category',
  'createdByName',
  'created',
  'size',
] as const;

const positiveId = int4Id;

/** A category id from FILE_CATEGORIES; missing says 'Category is required'. */
export const fileCategoryIdSchema = z.coerce
  .number({ error: requiredMessage('Category') })
  .refine(
    (v) => FILE_CATEGORIES.some((c) => c.id === v),
    `Category must be one of ${FILE_CATEGORIES.map((c) => `${c.id} ${c.label}`).join(', ')}`,
  );

/** GET /portal/v1/files (spec 3 §7). */
export const fileListQuery = pagingQuery(FILE_SORT_FIELDS).extend({
  name: z
    .string()
    .trim()
    .max(FILE_NAME_MAX_LENGTH, 'name must not exceed 255 characters')
    .optional(),
  organizationNo: positiveId('organizationNo').optional(),
  categoryId: fileCategoryIdSchema.optional(),
});
export type FileListQuery = z.infer<typeof fileListQuery>;

export const fileRecipient = z.object({ userId: z.number().int(), fullName: z.string() });
export type FileRecipient = z.infer<typeof fileRecipient>;

/** One row of the files list (spec 3 §3 "File"). `owner` is true when the caller uploaded it. */
export const fileSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  categoryId: z.number().int(),
  category: z.string(),
  phi: z.boolean(),
  organizationNo: z.number().int(),
  organizationName: z.string(),
  createdBy: z.number().int(),
  createdByName: z.string(),
  /** ISO 8601 instant. */
  created: z.string(),
  /** Bytes. */
  size: z.number().int().nonnegative(),
  owner: z.boolean(),
});
export type FileSummary = z.infer<typeof fileSummary>;
export const filePage = pageSchema(fileSummary);

/** GET /portal/v1/files/{id}: recipients are listed for the owner only. */
export const fileDetail = fileSummary.extend({
  recipients: z.array(fileRecipient),
});
export type FileDetail = z.infer<typeof fileDetail>;

export const fileIdParams = z.object({
  id: z.uuid({ error: 'id must be a file id' }),
});

/** PUT /portal/v1/files/{id} (spec 3 §7: categoryId, phi, recipientIds). */
export const fileUpdateInput = z.object({
  categoryId: fileCategoryIdSchema,
  phi: z.boolean({ error: 'phi must be true or false' }),
  recipientIds: z
    .array(positiveId('recipientIds'), { error: requiredMessage('Recipients') })
    .min(1, requiredMessage('Recipients'))
    .max(100, 'At most 100 recipients'),
});
export type FileUpdateInput = z.infer<typeof fileUpdateInput>;

/** The non-file fields of POST /portal/v1/files, as the multipart form carries them. */
export const fileUploadFields = z.object({
  categoryId: fileCategoryIdSchema,
  organizationNo: z.coerce
    .number({ error: requiredMessage('Organization') })
    .int(requiredMessage('Organization'))
    .positive(requiredMessage('Organization'))
    .max(INT4_MAX, 'Organization is too large'),
  phi: z
    .enum(['true', 'false'], { error: 'phi must be true or false' })
    .transform((v) => v === 'true'),
  recipientIds: fileUpdateInput.shape.recipientIds,
});
export type FileUploadFields = z.infer<typeof fileUploadFields>;

export const fileUploadResult = z.object({ data: z.array(fileSummary) });
export type FileUploadResult = z.infer<typeof fileUploadResult>;

/** GET /portal/v1/files/recipients: the users of an organization a file may be sent to. */
export const fileRecipientQuery = pagingQuery(['fullName'] as const).extend({
  organizationNo: positiveId('organizationNo'),
  name: z.string().trim().max(120, 'name must not exceed 120 characters').optional(),
});
export type FileRecipientQuery = z.infer<typeof fileRecipientQuery>;

export const fileRecipientOption = fileRecipient.extend({
  userType: z.enum(['i', 'b', 'c']),
  canReceivePhi: z.boolean(),
});
export type FileRecipientOption = z.infer<typeof fileRecipientOption>;
export const fileRecipientPage = pageSchema(fileRecipientOption);

/** GET /portal/v1/files/organizations: organizations a file may be filed under. */
export const fileOrganizationQuery = pagingQuery(['name'] as const).extend({
  name: z.string().trim().max(120, 'name must not exceed 120 characters').optional(),
});
export type FileOrganizationQuery = z.infer<typeof fileOrganizationQuery>;
export const fileOrganizationOption = z.object({
  organizationNo: z.number().int(),
  name: z.string(),
});
export type FileOrganizationOption = z.infer<typeof fileOrganizationOption>;
export const fileOrganizationPage = pageSchema(fileOrganizationOption);

/** GET /portal/v1/files/{id}/downloads: the owner's receipts, newest first. */
export const fileDownloadQuery = pagingQuery(['downloadedAt', 'fullName'] as const);
export type FileDownloadQuery = z.infer<typeof fileDownloadQuery>;
export const fileDownloadReceipt = z.object({
  userId: z.number().int(),
  fullName: z.string(),
  /** ISO 8601 instant. */
  downloadedAt: z.string(),
});
export type FileDownloadReceipt = z.infer<typeof fileDownloadReceipt>;
export const fileDownloadPage = pageSchema(fileDownloadReceipt);

/** GET /portal/v1/files/settings: the limits the upload form shows and checks. */
export const fileSettings = z.object({
  maxFileBytes: z.number().int().positive(),
  maxFiles: z.number().int().positive(),
  extensions: z.array(z.string()),
});
export type FileSettings = z.infer<typeof fileSettings>;

/** Spec 3 §8. The success text keeps the spec's spelling. */
export const FILE_MESSAGES = {
  linkCopied: 'Link copied succesfully',
  linkCopyFailed: 'Something went wrong when copying your link. Please try again.',
  confirmDelete: 'Are you sure you want to delete this file?',
  tooManyFiles: `At most ${MAX_FILES_PER_UPLOAD} files can be uploaded at once`,
  fileRequired: requiredMessage('File'),
  notAccepted: (name: string) =>
    `'${name}' is not an accepted file type. Accepted types: ${FILE_EXTENSIONS.join(', ')}`,
  empty: (name: string) => `'${name}' is empty`,
  tooLarge: (name: string, limit: string) => `'${name}' is larger than the ${limit} limit`,
  contentMismatch: (name: string) =>
    `The content of '${name}' does not match its extension (${fileTypeLabel(name)})`,
  nameTooLong: (name: string) =>
    `'${name.slice(0, 40)}…' has a name longer than ${FILE_NAME_MAX_LENGTH} characters`,
  cannotReceivePhi: (fullName: string) =>
    `${fullName} cannot receive PHI files: they hold no Files role`,
} as const;
