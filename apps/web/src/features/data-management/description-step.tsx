import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Form,
  Input,
  Modal,
  Space,
  Table,
  Typography,
  Upload,
  type UploadFile,
} from 'antd';
import { useState } from 'react';
import {
  DEFAULT_PAGE_SIZE,
  IMPORT_SCHEMA_COMMENT_MAX_LENGTH,
  IMPORT_SCHEMA_DESCRIPTION_MAX_LENGTH,
  IMPORT_SCHEMA_MESSAGES,
  SCHEMA_FILE_EXTENSIONS,
  SCHEMA_FILE_MAX_BYTES,
  commentPreview,
  importSchemaCommentInput,
  type ImportSchemaComment,
  type ImportSchemaFile,
} from '@pillar/domain';
import { zodRule } from '../../shared/forms/zod-rule.ts';
import { useConfirmAction } from '../../shared/page/confirm-action.tsx';
import { describeError } from '../../shared/notifications/notify.ts';
import {
  useAddSchemaComment,
  useDeleteSchemaFile,
  useDownloadSchemaFile,
  useSchemaComments,
  useSchemaFiles,
  useUploadSchemaFile,
} from '../../entities/import-schema/index.ts';
import { formatDay } from './format-day.ts';

/**
 * Step 5 (spec 3 §2 "Description step"): the description, a field of the wizard's form. The
 * comments and files below it are SchemaAttachments, outside the form, so view mode's read-only
 * form does not disable their Download and read buttons.
 */
export function DescriptionStep() {
  return (
    <section aria-labelledby="description-title" className="import-schema-step">
      <Typography.Title level={2} id="description-title">
        Description
      </Typography.Title>
      <Form.Item
        label="Description"
        name="description"
        rules={[
          {
            max: IMPORT_SCHEMA_DESCRIPTION_MAX_LENGTH,
            message: IMPORT_SCHEMA_MESSAGES.descriptionTooLong,
          },
        ]}
      >
        <Input.TextArea rows={4} />
      </Form.Item>
    </section>
  );
}

export interface SchemaAttachmentsProps {
  /** The stored schema; null while creating (no comments or files yet). */
  schemaNo: number | null;
  /** Comments and files can be added and files deleted (edit mode on a schema one may edit). */
  canChange: boolean;
}

/**
 * Step 5's Comment(s) and File(s) of a stored schema; while creating, the notice that they can
 * be added after saving (spec 3 §2).
 */
export function SchemaAttachments({ schemaNo, canChange }: SchemaAttachmentsProps) {
  if (schemaNo === null) {
    return <Alert type="info" showIcon title={IMPORT_SCHEMA_MESSAGES.createModeNotice} />;
  }
  return (
    <>
      <CommentsTable schemaNo={schemaNo} canChange={canChange} />
      <FilesTable schemaNo={schemaNo} canChange={canChange} />
    </>
  );
}

function usePage() {
  const [page, setPage] = useState({ current: 1, size: DEFAULT_PAGE_SIZE });
  return {
    page,
    search: { limit: page.size, offset: (page.current - 1) * page.size },
    pagination: (total: number) => ({
      current: page.current,
      pageSize: page.size,
      total,
      hideOnSinglePage: true,
      onChange: (current: number, size: number) => setPage({ current, size }),
    }),
  };
}

function CommentsTable({ schemaNo, canChange }: { schemaNo: number; canChange: boolean }) {
  const { search, pagination } = usePage();
  const comments = useSchemaComments(schemaNo, { ...search, sort: 'created:desc' });
  const [shown, setShown] = useState<ImportSchemaComment | null>(null);
  const [adding, setAdding] = useState(false);
  return (
    <section aria-labelledby="comments-title" className="schema-attachments">
      <div className="schema-attachments__heading">
        <Typography.Title level={3} id="comments-title">
          Comment(s)
        </Typography.Title>
        {canChange && (
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            Add New Comment
          </Button>
        )}
      </div>
      {comments.isError && (
        <Alert type="error" showIcon title={describeError(comments.error).description} />
      )}
      <Table<ImportSchemaComment>
        size="small"
        rowKey="commentNo"
        aria-label="Comment(s)"
        loading={comments.isFetching}
        dataSource={comments.data?.data ?? []}
        pagination={pagination(comments.data?.totalCount ?? 0)}
        locale={{ emptyText: <span className="schema-attachments__empty">No comments yet</span> }}
        columns={[
          {
            title: 'Comment',
            dataIndex: 'comment',
            render: (comment: string, row) => (
              <Button
                type="link"
                className="schema-comment-link"
                aria-label={`Read the comment: ${commentPreview(comment)}`}
                onClick={() => setShown(row)}
              >
                {commentPreview(comment)}
              </Button>
            ),
          },
          { title: 'Created By', dataIndex: 'createdByName', width: 200 },
          {
            title: 'Date',
            dataIndex: 'created',
            width: 120,
            render: (created: string) => formatDay(created),
          },
        ]}
      />
      <Modal open={shown !== null} title="Comment" footer={null} onCancel={() => setShown(null)}>
        {shown && (
          <>
            <p className="schema-comment-full">{shown.comment}</p>
            <Typography.Text type="secondary">
              {shown.createdByName}, {formatDay(shown.created)}
            </Typography.Text>
          </>
        )}
      </Modal>
      {adding && <AddCommentModal schemaNo={schemaNo} onClose={() => setAdding(false)} />}
    </section>
  );
}

function AddCommentModal({ schemaNo, onClose }: { schemaNo: number; onClose: () => void }) {
  const [form] = Form.useForm<{ comment: string }>();
  const add = useAddSchemaComment(schemaNo);
  const submit = async () => {
    const { comment } = await form.validateFields();
    await add.mutateAsync(comment.trim());
    onClose();
  };
  return (
    <Modal
      open
      title="Add New Comment"
      okText="Add Comment"
      confirmLoading={add.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" name="schema-comment">
        <Form.Item
          label="Comment"
          name="comment"
          required
          rules={[zodRule(importSchemaCommentInput.shape.comment)]}
        >
          <Input.TextArea rows={5} maxLength={IMPORT_SCHEMA_COMMENT_MAX_LENGTH} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function FilesTable({ schemaNo, canChange }: { schemaNo: number; canChange: boolean }) {
  const { search, pagination } = usePage();
  const files = useSchemaFiles(schemaNo, { ...search, sort: 'created:desc' });
  const download = useDownloadSchemaFile();
  const remove = useDeleteSchemaFile(schemaNo);
  const [confirm, holder] = useConfirmAction();
  const [adding, setAdding] = useState(false);
  const onDelete = async (file: ImportSchemaFile) => {
    const sure = await confirm({
      title: 'Are you sure you want to delete this file?',
      content: file.filename,
      action: 'Delete',
      danger: true,
    });
    if (sure) remove.mutate(file.id);
  };
  return (
    <section aria-labelledby="files-title" className="schema-attachments">
      {holder}
      <div className="schema-attachments__heading">
        <Typography.Title level={3} id="files-title">
          File(s)
        </Typography.Title>
        {canChange && (
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            Add New File
          </Button>
        )}
      </div>
      {files.isError && (
        <Alert type="error" showIcon title={describeError(files.error).description} />
      )}
      <Table<ImportSchemaFile>
        size="small"
        rowKey="id"
        aria-label="File(s)"
        loading={files.isFetching}
        dataSource={files.data?.data ?? []}
        pagination={pagination(files.data?.totalCount ?? 0)}
        locale={{ emptyText: <span className="schema-attachments__empty">No files yet</span> }}
        columns={[
          { title: 'File Name', dataIndex: 'filename' },
          { title: 'Uploaded By', dataIndex: 'createdByName', width: 200 },
          {
            title: 'Date',
            dataIndex: 'created',
            width: 120,
            render: (created: string) => formatDay(created),
          },
          {
            title: 'Action',
            key: 'action',
            width: 170,
            render: (_: unknown, file) => (
              <Space size="middle">
                <Button
                  type="link"
                  size="small"
                  aria-label={`Download ${file.filename}`}
                  onClick={() => download.mutate(file.id)}
                >
                  Download
                </Button>
                {canChange && (
                  <Button
                    type="link"
                    size="small"
                    danger
                    aria-label={`Delete ${file.filename}`}
                    onClick={() => void onDelete(file)}
                  >
                    Delete
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      {adding && <AddFileModal schemaNo={schemaNo} onClose={() => setAdding(false)} />}
    </section>
  );
}

/** A supporting file's problem before it is sent (the server checks the same), or null. */
export function schemaFileProblem(file: { name: string; size: number } | null): string | null {
  if (!file) return IMPORT_SCHEMA_MESSAGES.fileRequired;
  const name = file.name.toLowerCase();
  if (!SCHEMA_FILE_EXTENSIONS.some((extension) => name.endsWith(extension))) {
    return IMPORT_SCHEMA_MESSAGES.schemaFileType;
  }
  if (file.size > SCHEMA_FILE_MAX_BYTES) return IMPORT_SCHEMA_MESSAGES.schemaFileTooLarge;
  return null;
}

function AddFileModal({ schemaNo, onClose }: { schemaNo: number; onClose: () => void }) {
  const upload = useUploadSchemaFile(schemaNo);
  const [chosen, setChosen] = useState<UploadFile[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async () => {
    const file = chosen[0]?.originFileObj ?? null;
    const found = schemaFileProblem(file);
    setProblem(found);
    if (found || !file) return;
    try {
      await upload.mutateAsync(file);
      onClose();
    } catch (error) {
      // Spec 3 §8: a failed support file upload shows the server's message.
      setProblem(describeError(error).description);
    }
  };
  return (
    <Modal
      open
      title="Add New File"
      okText="Upload"
      confirmLoading={upload.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Upload
        accept={SCHEMA_FILE_EXTENSIONS.join(',')}
        maxCount={1}
        fileList={chosen}
        beforeUpload={() => false}
        onChange={({ fileList }) => {
          setChosen(fileList.slice(-1));
          setProblem(null);
        }}
      >
        <Button icon={<UploadOutlined />}>Select File</Button>
      </Upload>
      {problem && <Alert type="error" showIcon title={problem} className="schema-file-problem" />}
    </Modal>
  );
}
