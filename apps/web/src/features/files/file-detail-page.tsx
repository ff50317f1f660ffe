import { CopyOutlined, DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import {
  Alert,
  Breadcrumb,
  Button,
  Checkbox,
  Descriptions,
  Form,
  Popconfirm,
  Select,
  Skeleton,
  Space,
  Table,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  FILE_CATEGORIES,
  FILE_MESSAGES,
  PERMISSIONS,
  fileTypeLabel,
  formatFileSize,
  requiredMessage,
  type FileDetail,
  type FileDownloadReceipt,
} from '@pillar/domain';
import { hasStatus } from '../../shared/api/api-error.ts';
import { describeError } from '../../shared/notifications/notify.ts';
import { usePageTitle } from '../../shared/page/use-page-title.ts';
import { NotFoundPage } from '../../shared/pages/not-found-page.tsx';
import { usePermissions } from '../../shared/permissions/user-access.ts';
import {
  useDeleteFile,
  useDownloadFile,
  useFile,
  useFileDownloads,
  useUpdateFile,
} from '../../entities/file/index.ts';
import { formatLocalDate, formatLocalDateTime } from './file-format.ts';
import { PhiTag } from './phi-tag.tsx';
import { RecipientsSelect } from './recipients-select.tsx';
import { useCopyLink } from './use-copy-link.tsx';
import './files.css';

const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CATEGORY_OPTIONS = FILE_CATEGORIES.map((c) => ({ value: c.id, label: c.label }));
const RECEIPTS_PAGE = 10;

interface DetailsValues {
  categoryId: number;
  phi: boolean;
  recipientIds: number[];
}

/** The uploader's form: category, PHI and recipients (spec 3 §2, §5). */
function FileDetailsForm({ file }: { file: FileDetail }) {
  const [form] = Form.useForm<DetailsValues>();
  const update = useUpdateFile(file.id);
  const phi = Form.useWatch('phi', form) ?? file.phi;
  const initial: DetailsValues = {
    categoryId: file.categoryId,
    phi: file.phi,
    recipientIds: file.recipients.map((r) => r.userId),
  };
  useEffect(() => {
    form.setFieldsValue({
      categoryId: file.categoryId,
      phi: file.phi,
      recipientIds: file.recipients.map((r) => r.userId),
    });
  }, [file, form]);
  return (
    <Form<DetailsValues>
      form={form}
      name="file-details"
      layout="vertical"
      className="file-page__form"
      initialValues={initial}
      onFinish={(values) => update.mutate(values)}
    >
      <Form.Item
        label="Category"
        name="categoryId"
        rules={[{ required: true, message: requiredMessage('Category') }]}
      >
        <Select<number> options={CATEGORY_OPTIONS} />
      </Form.Item>
      <Form.Item name="phi" valuePropName="checked">
        <Checkbox>Contains PHI (protected health information)</Checkbox>
      </Form.Item>
      <Form.Item
        label="Recipients"
        name="recipientIds"
        rules={[{ required: true, type: 'array', min: 1, message: requiredMessage('Recipients') }]}
      >
        <RecipientsSelect organizationNo={file.organizationNo} phi={phi} known={file.recipients} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        Save
      </Button>
    </Form>
  );
}

/** Who downloaded the file and when: the uploader's receipts. */
function DownloadReceipts({ fileId }: { fileId: string }) {
  const [page, setPage] = useState(1);
  const receipts = useFileDownloads(
    fileId,
    { limit: RECEIPTS_PAGE, offset: (page - 1) * RECEIPTS_PAGE },
    true,
  );
  return (
    <Table<FileDownloadReceipt>
      rowKey={(row) => `${row.userId}-${row.downloadedAt}`}
      size="small"
      loading={receipts.isFetching}
      dataSource={receipts.data?.data ?? []}
      locale={{
        emptyText: (
          <span className="files-empty">
            {receipts.isError
              ? 'The downloads could not be loaded.'
              : 'No one has downloaded this file yet.'}
          </span>
        ),
      }}
      columns={[
        { title: 'Downloaded By', dataIndex: 'fullName' },
        {
          title: 'Downloaded At',
          dataIndex: 'downloadedAt',
          render: (at: string) => formatLocalDateTime(at),
        },
      ]}
      pagination={{
        current: page,
        pageSize: RECEIPTS_PAGE,
        total: receipts.data?.totalCount ?? 0,
        hideOnSinglePage: true,
        onChange: setPage,
      }}
    />
  );
}

/** /files/{id} (spec 3 §2): one file, its actions and, for its uploader, its details form. */
export default function FileDetailPage() {
  const { id = '' } = useParams();
  const valid = FILE_ID.test(id);
  const navigate = useNavigate();
  const { can, isInternal } = usePermissions();
  const file = useFile(id, valid);
  const download = useDownloadFile();
  const remove = useDeleteFile(id);
  const { copyLink, holder } = useCopyLink();
  usePageTitle(file.data?.name ?? 'File');

  if (!valid) return <NotFoundPage />;
  if (file.isError && hasStatus(file.error, 404)) return <NotFoundPage />;

  const data = file.data;
  const owner = data?.owner ?? false;
  const mayDelete = owner && can({ allOf: [PERMISSIONS.deleteFiles] });

  const deleteFile = async () => {
    await remove.mutateAsync();
    void navigate('/files', { replace: true });
  };

  return (
    <section className="page">
      {holder}
      <Breadcrumb
        className="page-breadcrumb"
        items={[{ title: <Link to="/files">Files</Link> }, { title: data?.name ?? '…' }]}
      />
      {file.isError ? (
        <>
          <Typography.Title level={1}>File</Typography.Title>
          <Alert
            type="error"
            showIcon
            title="This file could not be loaded."
            description={describeError(file.error).description}
            action={<Button onClick={() => void file.refetch()}>Try Again</Button>}
          />
        </>
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <>
          <header className="file-page__title">
            <Typography.Title level={1}>{data.name}</Typography.Title>
            {data.phi && <PhiTag />}
          </header>
          <Space wrap className="file-page__actions">
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              loading={download.isPending}
              onClick={() => download.mutate(data.id)}
            >
              Download
            </Button>
            {owner && (
              <Button icon={<CopyOutlined />} onClick={() => void copyLink(data.id)}>
                Copy Link
              </Button>
            )}
            {mayDelete && (
              <Popconfirm
                title="Delete File"
                description={FILE_MESSAGES.confirmDelete}
                okText="Delete"
                okButtonProps={{ danger: true, loading: remove.isPending }}
                cancelText="Cancel"
                onConfirm={() => deleteFile().catch(() => undefined)}
              >
                <Button danger icon={<DeleteOutlined />}>
                  Delete File
                </Button>
              </Popconfirm>
            )}
          </Space>
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, sm: 1, md: 2 }}
            items={[
              { key: 'organization', label: 'Organization', children: data.organizationName },
              { key: 'uploadedBy', label: 'Uploaded By', children: data.createdByName },
              { key: 'category', label: 'Category', children: data.category },
              { key: 'type', label: 'Type', children: fileTypeLabel(data.name) },
              { key: 'date', label: 'Upload Date', children: formatLocalDate(data.created) },
              { key: 'size', label: 'Size', children: formatFileSize(data.size) },
              ...(!owner && isInternal
                ? [
                    {
                      key: 'recipients',
                      label: 'Recipients',
                      children: data.recipients.map((r) => r.fullName).join(', ') || '—',
                    },
                  ]
                : []),
            ]}
          />
          {owner && (
            <>
              <section className="file-page__section" aria-labelledby="file-details-heading">
                <Typography.Title level={2} id="file-details-heading">
                  File Details
                </Typography.Title>
                <FileDetailsForm file={data} />
              </section>
              <section className="file-page__section" aria-labelledby="file-downloads-heading">
                <Typography.Title level={2} id="file-downloads-heading">
                  Downloads
                </Typography.Title>
                <DownloadReceipts fileId={data.id} />
              </section>
            </>
          )}
        </>
      )}
    </section>
  );
}
