import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { fakeApi } from '../../shared/api/fake-api.ts';
import { deleteFile } from './api/delete-file.ts';
import { listFileOrganizations } from './api/list-file-organizations.ts';
import { listFiles } from './api/list-files.ts';
import { uploadFiles } from './api/upload-files.ts';
import { fileKeys } from './query-keys.ts';

const ID = '7d1e3c52-5a4b-4f0e-9a39-2d2f4b6c8e10';

describe('the file calls', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uploads one multipart form, its fields before its files, as the server reads them', async () => {
    const seen = fakeApi({ data: [] }, { status: 201 });
    const file = new File(['a,b\n'], 'census.csv', { type: 'text/csv' });
    await uploadFiles({
      files: [file],
      categoryId: 2,
      organizationNo: 12,
      phi: true,
      recipientIds: [5, 9],
    });
    expect(seen).toHaveLength(1);
    expect({ ...seen[0], type: seen[0]?.headers.get('Content-Type') }).toMatchObject({
      url: 'https://api.example/portal/v1/files',
      method: 'POST',
      // The browser writes the multipart boundary itself.
      type: null,
    });
    const form = seen[0]?.body as FormData;
    expect([...form.keys()]).toEqual([
      'categoryId',
      'organizationNo',
      'phi',
      'recipientId',
      'recipientId',
      'file',
    ]);
    expect(form.getAll('recipientId')).toEqual(['5', '9']);
    expect(form.get('phi')).toBe('true');
    expect((form.get('file') as File).name).toBe('census.csv');
  });

  it('puts the file id into the path and leaves an empty name out of the query', async () => {
    const deleted = fakeApi(null, { status: 204 });
    await deleteFile(ID);
    expect([...deleted]).toMatchObject([
      { url: `https://api.example/portal/v1/files/${ID}`, method: 'DELETE' },
    ]);

    const listed = fakeApi({ data: [], totalCount: 0 });
    await listFiles({ limit: 5, offset: 0, sort: 'created:desc' });
    await listFileOrganizations('');
    expect(listed.map((s) => s.url)).toEqual([
      'https://api.example/portal/v1/files?limit=5&offset=0&sort=created%3Adesc',
      'https://api.example/portal/v1/files/organizations?limit=50',
    ]);
  });
});

describe('fileKeys', () => {
  it("lists() covers every page of the list (the files page's and the home card's), and nothing else", async () => {
    const client = new QueryClient();
    const lists = [
      fileKeys.list({ limit: 5, offset: 0, sort: 'created:desc' }),
      fileKeys.list({ name: 'census', limit: 20, offset: 20 }),
    ];
    const others = [
      fileKeys.detail(ID),
      fileKeys.settings(),
      fileKeys.organizations(''),
      fileKeys.recipients(12, ''),
      fileKeys.downloads(ID, { limit: 10, offset: 0 }),
    ];
    for (const key of [...lists, ...others]) client.setQueryData(key, 'cached');
    await client.invalidateQueries({ queryKey: fileKeys.lists() });
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(lists.map(stale)).toEqual([true, true]);
    expect(others.map(stale)).toEqual([false, false, false, false, false]);

    await client.invalidateQueries({ queryKey: fileKeys.downloadsOf(ID) });
    expect(stale(fileKeys.downloads(ID, { limit: 10, offset: 0 }))).toBe(true);
  });
});
