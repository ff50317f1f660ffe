import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { FILE_CATEGORIES, PERMISSIONS, fileTypeLabel, type FileSummary } from '@pillar/domain';
import { usePageTitle } from '../../shared/page/use-page-title.ts';
import { PermissionGate } from '../../shared/permissions/permission-gate.tsx';
import { SearchTable, type SearchTableColumn } from '../../shared/search-table/search-table.tsx';
import { type SearchParams } from '../../shared/search-table/search-table-state.ts';
import { listFilesQueryOptions, useDownloadFile } from '../../entities/file/index.ts';
import { formatLocalDate } from './file-format.ts';
import { OrganizationSelect } from './organization-select.tsx';
import { PhiTag } from './phi-tag.tsx';
import { UploadFileDrawer } from './upload-file-drawer.tsx';
import { useCopyLink } from './use-copy-link.tsx';
import './files.css';

const FILTER_NAMES = ['name', 'organizationNo', 'categoryId'] as const;
const CATEGORY_OPTIONS = FILE_CATEGORIES.map((c) => ({ value: String(c.id), label: c.label }));

function positive(value: unknown): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

function toSearch({ filters, limit, offset, sortParam }: SearchParams) {
  const name = typeof filters.name === 'string' ? filters.name : undefined;
  return listFilesQueryOptions({
    name,
    organizationNo: positive(filters.organizationNo),
    categoryId: positive(filters.categoryId),
    limit,
    offset,
    sort: sortParam,
  });
}

/** The organization filter keeps its value as text in the URL; the select works in numbers. */
function OrganizationFilter({
  value,
  onChange,
  id,
}: {
  value?: string;
  onChange?: (value: string | undefined) => void;
  id?: string;
}) {
  return (
    <OrganizationSelect
      id={id}
      allowClear
      placeholder="Any organization"
      value={positive(value)}
      onChange={(next) =>
        onChange?.(next === undefined || next === null ? undefined : String(next))
      }
    />
  );
}

function FileActions({
  file,
  onCopyLink,
}: {
  file: FileSummary;
  onCopyLink: (id: string) => Promise<void>;
}) {
  const download = useDownloadFile();
  return (
    <Space className="file-actions" size="middle">
      <Button
        type="link"
        size="small"
        loading={download.isPending}
        aria-label={`Download ${file.name}`}
        onClick={() => download.mutate(file.id)}
      >
        Download
      </Button>
      <Link to={`/files/${file.id}`} aria-label={`View file info of ${file.name}`}>
        View File Info
      </Link>
      {file.owner && (
        <Button
          type="link"
          size="small"
          aria-label={`Copy link to ${file.name}`}
          onClick={() => void onCopyLink(file.id)}
        >
          Copy Link
        </Button>
      )}
    </Space>
  );
}

/** /files (spec 3 §2 "Files area"): the files the user may see, and the Upload File drawer. */
export default function FilesPage() {
  usePageTitle('Files');
  const [uploading, setUploading] = useState(false);
  const { copyLink, holder } = useCopyLink();

  const columns: SearchTableColumn<FileSummary>[] = [
    {
      title: 'File Name',
      dataIndex: 'name',
      sortField: 'name',
      width: 300,
      render: (name: string, row) => (
        <span className="file-name-cell">
          <Link to={`/files/${row.id}`}>{name}</Link>
          {row.phi && <PhiTag />}
        </span>
      ),
    },
    {
      title: 'Organization',
      dataIndex: 'organizationName',
      sortField: 'organizationName',
      width: 200,
    },
    { title: 'Category', dataIndex: 'category', sortField: 'category' },
    { title: 'Type', key: 'type', render: (_: unknown, row) => fileTypeLabel(row.name) },
    { title: 'Uploaded By', dataIndex: 'createdByName', sortField: 'createdByName' },
    {
      title: 'Date',
      dataIndex: 'created',
      sortField: 'created',
      render: (created: string) => formatLocalDate(created),
    },
    {
      title: 'Action',
      key: 'action',
      render: (_: unknown, row) => <FileActions file={row} onCopyLink={copyLink} />,
    },
  ];

  return (
    <section className="page">
      {holder}
      <header className="files-header">
        <div>
          <Typography.Title level={1}>Files</Typography.Title>
          <p className="files-header__lead">
            Exchange files securely with your account team and your organizations. Files are
            encrypted, and only the people you choose can open them.
          </p>
        </div>
        <PermissionGate rule={{ allOf: [PERMISSIONS.uploadFiles] }}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setUploading(true)}>
            Add New File
          </Button>
        </PermissionGate>
      </header>
      <SearchTable
        prefix="files"
        filterNames={FILTER_NAMES}
        searchLabel="File search"
        columns={columns}
        rowKey="id"
        queryOptions={toSearch}
        emptyText={<span className="files-empty">No files yet</span>}
        filters={
          <>
            <Form.Item
              label="File Name"
              name="name"
              rules={[{ max: 255, message: 'File Name must not exceed 255 characters' }]}
            >
              <Input allowClear autoComplete="off" />
            </Form.Item>
            <Form.Item label="Organization" name="organizationNo">
              <OrganizationFilter />
            </Form.Item>
            <Form.Item label="Category" name="categoryId">
              <Select allowClear options={CATEGORY_OPTIONS} placeholder="Any category" />
            </Form.Item>
          </>
        }
      />
      <UploadFileDrawer open={uploading} onClose={() => setUploading(false)} />
    </section>
  );
}
