import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FILE_EXTENSIONS,
  canReceivePhi,
  canSeeFile,
  contentMatchesExtension,
  fileExtensionOf,
  fileListQuery,
  fileTypeLabel,
  fileUpdateInput,
  fileUploadFields,
  holdsFilesRole,
  isAcceptedFileName,
} from './files.ts';

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (value: string) => new TextEncoder().encode(value);

describe('file names and types', () => {
  it('reads the extension in lower case, ignoring folders and dot-files', () => {
    expect(fileExtensionOf('Report.PDF')).toBe('.pdf');
    expect(fileExtensionOf('C:\\Users\\me\\census.final.xlsx')).toBe('.xlsx');
    expect(fileExtensionOf('/tmp/archive.tar.gz')).toBe('.gz');
    expect(fileExtensionOf('.csv')).toBe('');
    expect(fileExtensionOf('README')).toBe('');
    expect(fileExtensionOf('trailing.')).toBe('');
  });

  it('accepts exactly the thirteen extensions of spec 3 §5', () => {
    expect(FILE_EXTENSIONS).toHaveLength(13);
    for (const extension of FILE_EXTENSIONS) {
      expect(isAcceptedFileName(`file${extension.toUpperCase()}`)).toBe(true);
    }
    for (const name of ['run.exe', 'page.html', 'image.png', 'data.json', 'csv', 'x.docm']) {
      expect(isAcceptedFileName(name), name).toBe(false);
    }
  });

  it.each([
    ['notes.txt', 'Text'],
    ['members.csv', 'CSV'],
    ['extract.DAT', 'DAT'],
    ['letter.doc', 'Word'],
    ['letter.docx', 'Word'],
    ['sheet.xls', 'Excel'],
    ['sheet.xlsx', 'Excel'],
    ['deck.ppt', 'PowerPoint'],
    ['deck.pptx', 'PowerPoint'],
    ['guide.pdf', 'PDF'],
    ['secret.gpg', 'GPG'],
    ['bundle.zip', 'Archive'],
    ['secret.pgp', 'PGP'],
    ['photo.png', 'File'],
    ['noextension', 'File'],
  ])('labels %s as %s', (name, label) => {
    expect(fileTypeLabel(name)).toBe(label);
  });
});

describe('content checked against the extension', () => {
  const zip = bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0x00);
  const ole = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0x00);

  it('knows each signature', () => {
    expect(contentMatchesExtension('.pdf', text('%PDF-1.7\n'))).toBe(true);
    expect(contentMatchesExtension('.pdf', text('%PD'))).toBe(false);
    for (const extension of ['.zip', '.docx', '.xlsx', '.pptx']) {
      expect(contentMatchesExtension(extension, zip)).toBe(true);
      expect(contentMatchesExtension(extension, bytes(0x50, 0x4b, 0x05, 0x06))).toBe(true);
      expect(contentMatchesExtension(extension, ole)).toBe(false);
    }
    for (const extension of ['.doc', '.xls', '.ppt']) {
      expect(contentMatchesExtension(extension, ole)).toBe(true);
      expect(contentMatchesExtension(extension, zip)).toBe(false);
    }
  });

  it('recognises OpenPGP binary packets and ASCII armor', () => {
    // Old-format public-key encrypted session key (tag 1), new-format SEIPD (tag 18),
    // compressed data (tag 8).
    for (const head of [bytes(0x85, 0x01, 0x0c), bytes(0xd2, 0x40), bytes(0xa3, 0x01)]) {
      expect(contentMatchesExtension('.gpg', head)).toBe(true);
      expect(contentMatchesExtension('.pgp', head)).toBe(true);
    }
    expect(contentMatchesExtension('.pgp', text('\n-----BEGIN PGP MESSAGE-----\n'))).toBe(true);
    expect(contentMatchesExtension('.gpg', text('-----BEGIN PGP SIGNATURE-----'))).toBe(true);
    expect(contentMatchesExtension('.gpg', text('hello'))).toBe(false);
    // High bit set but a reserved tag (0) is no packet.
    expect(contentMatchesExtension('.gpg', bytes(0x80, 0x00))).toBe(false);
  });

  it('accepts text without NUL bytes for csv, txt and dat', () => {
    for (const extension of ['.csv', '.txt', '.dat']) {
      expect(contentMatchesExtension(extension, text('id,name\r\n1,Zoë\r\n'))).toBe(true);
      expect(contentMatchesExtension(extension, bytes(0x41, 0x00, 0x42))).toBe(false);
      expect(contentMatchesExtension(extension, zip)).toBe(false);
    }
  });

  it('never accepts an unlisted extension', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (head) => {
        expect(contentMatchesExtension('.exe', head)).toBe(false);
      }),
    );
  });
});

describe('who may receive and see files', () => {
  it('counts only roles of the files group as the files role', () => {
    expect(holdsFilesRole(['clientFiles'])).toBe(true);
    expect(holdsFilesRole(['brokerUserManagement', 'brokerFiles'])).toBe(true);
    expect(holdsFilesRole(['clientManageEligibility', 'accountManager', 'developer'])).toBe(false);
    expect(canReceivePhi({ userType: 'i', roleKeys: [] })).toBe(true);
    expect(canReceivePhi({ userType: 'c', roleKeys: ['clientFinancials'] })).toBe(false);
    expect(canReceivePhi({ userType: 'b', roleKeys: ['brokerFiles'] })).toBe(true);
  });

  const viewer = fc.record({
    userNo: fc.integer({ min: 1, max: 6 }),
    userType: fc.constantFrom('i' as const, 'b' as const, 'c' as const),
    roleKeys: fc.subarray(['clientFiles', 'brokerFiles', 'clientFinancials', 'accountManager']),
    inOrganizationScope: fc.boolean(),
  });
  const file = fc.record({
    ownerUserNo: fc.integer({ min: 1, max: 6 }),
    phi: fc.boolean(),
    recipientUserNos: fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 4 }),
  });

  it('never shows a file outside the organization scope', () => {
    fc.assert(
      fc.property(viewer, file, (v, f) => {
        if (!v.inOrganizationScope) expect(canSeeFile(v, f)).toBe(false);
      }),
    );
  });

  it('shows a file in scope to its owner and to internal users', () => {
    fc.assert(
      fc.property(viewer, file, (v, f) => {
        if (v.inOrganizationScope && (v.userNo === f.ownerUserNo || v.userType === 'i')) {
          expect(canSeeFile(v, f)).toBe(true);
        }
      }),
    );
  });

  it('shows an external non-owner only files sent to them, PHI only with the files role', () => {
    fc.assert(
      fc.property(viewer, file, (v, f) => {
        if (!v.inOrganizationScope || v.userType === 'i' || v.userNo === f.ownerUserNo) return;
        const expected =
          f.recipientUserNos.includes(v.userNo) && (!f.phi || holdsFilesRole(v.roleKeys));
        expect(canSeeFile(v, f)).toBe(expected);
      }),
    );
  });
});

describe('schemas', () => {
  it('names the field of a bad list query', () => {
    const result = fileListQuery.safeParse({ categoryId: '12', organizationNo: 'x' });
    expect(result.success).toBe(false);
    const fields = result.error!.issues.map((issue) => issue.path[0]);
    expect(fields).toEqual(expect.arrayContaining(['categoryId', 'organizationNo']));
  });

  it('says what is required in the spec’s words', () => {
    const upload = fileUploadFields.safeParse({ phi: 'false', recipientIds: [] });
    const messages: Record<string, string> = {};
    for (const issue of upload.error!.issues) messages[String(issue.path[0])] = issue.message;
    expect(messages).toEqual({
      categoryId: 'Category is required',
      organizationNo: 'Organization is required',
      recipientIds: 'Recipients is required',
    });
    const update = fileUpdateInput.safeParse({ categoryId: 1, phi: 'yes', recipientIds: [3] });
    expect(update.error!.issues[0]!.path).toEqual(['phi']);
    expect(
      fileUploadFields.parse({
        categoryId: '2',
        organizationNo: '7',
        phi: 'true',
        recipientIds: ['4', '5'],
      }),
    ).toEqual({ categoryId: 2, organizationNo: 7, phi: true, recipientIds: [4, 5] });
  });
});
