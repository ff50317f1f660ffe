import { UploadOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Select, Space, Upload, type UploadFile } from 'antd';
import { useEffect, useState } from 'react';
import {
  DEFAULT_FILE_MAX_BYTES,
  FILE_CATEGORIES,
  FILE_EXTENSIONS,
  MAX_FILES_PER_UPLOAD,
  formatFileSize,
  requiredMessage,
  type FileSummary,
} from '@pillar/domain';
import { AppDrawer } from '../../shared/drawer/app-drawer.tsx';
import {
  useFileOrganizations,
  useFileSettings,
  useUploadFiles,
} from '../../entities/file/index.ts';
import { problemWithFile, problemWithFiles } from './file-checks.ts';
import { OrganizationSelect } from './organization-select.tsx';
import { RecipientsSelect } from './recipients-select.tsx';

interface UploadValues {
  files: UploadFile[];
  organizationNo?: number;
  categoryId?: number;
  phi: boolean;
  recipientIds: number[];
}

const CATEGORY_OPTIONS = FILE_CATEGORIES.map((c) => ({ value: c.id, label: c.label }));

function chosenFiles(list: readonly UploadFile[] | undefined): File[] {
  return (list ?? []).flatMap((item) => (item.originFileObj ? [item.originFileObj] : []));
}

export interface UploadFileDrawerProps {
  open: boolean;
  onClose: () => void;
  onUploaded?: (files: FileSummary[]) => void;
}

/**
 * The Upload File drawer (spec 3 §2, §5): up to 10 files of the accepted types, their category,
 * organization, PHI flag and recipients. Each file is checked here as the server will check it
 * (type, size, emptiness, content against the extension) before anything is sent.
 */
export function UploadFileDrawer({ open, onClose, onUploaded }: UploadFileDrawerProps) {
  const [form] = Form.useForm<UploadValues>();
  const settings = useFileSettings();
  const upload = useUploadFiles();
  const maxBytes = settings.data?.maxFileBytes ?? DEFAULT_FILE_MAX_BYTES;
  const maxFiles = settings.data?.maxFiles ?? MAX_FILES_PER_UPLOAD;
  const files = Form.useWatch('files', form);
  const organizationNo = Form.useWatch('organizationNo', form);
  const phi = Form.useWatch('phi', form) ?? false;
  const [problems, setProblems] = useState<Record<string, string>>({});

  // One organization only: nothing to choose.
  const organizations = useFileOrganizations('');
  const only = organizations.data?.totalCount === 1 ? organizations.data.data[0] : undefined;
  useEffect(() => {
    if (open && only && form.getFieldValue('organizationNo') === undefined) {
      form.setFieldValue('organizationNo', only.organizationNo);
    }
  }, [open, only, form]);

  // Each chosen file shows its own problem in the list.
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const found: Record<string, string> = {};
      for (const item of files ?? []) {
        if (!item.originFileObj) continue;
        const problem = await problemWithFile(item.originFileObj, maxBytes);
        if (problem) found[item.uid] = problem;
      }
      if (!cancelled) setProblems(found);
    })();
    return () => {
      cancelled = true;
    };
  }, [files, maxBytes]);

  const count = files?.length ?? 0;
  const full = count >= maxFiles;

  const close = () => {
    form.resetFields();
    setProblems({});
    onClose();
  };

  const submit = async (values: UploadValues) => {
    const result = await upload.mutateAsync({
      files: chosenFiles(values.files),
      organizationNo: values.organizationNo!,
      categoryId: values.categoryId!,
      phi: values.phi,
      recipientIds: values.recipientIds,
    });
    onUploaded?.(result.data);
    close();
  };

  return (
    <AppDrawer
      open={open}
      onClose={close}
      title="Upload File"
      size="medium"
      className="upload-drawer"
      footer={
        <Space>
          <Button onClick={close}>Cancel</Button>
          <Button type="primary" loading={upload.isPending} onClick={() => form.submit()}>
            Upload
          </Button>
        </Space>
      }
    >
      <p className="upload-drawer__hint">
        Up to {maxFiles} files of {formatFileSize(maxBytes)} each: {FILE_EXTENSIONS.join(', ')}.
        Files are stored encrypted; only the recipients you choose, and the account team of the
        organization, can open them.
      </p>
      <Form<UploadValues>
        form={form}
        name="upload-file"
        layout="vertical"
        initialValues={{ files: [], phi: false, recipientIds: [] }}
        onFinish={(values) => void submit(values).catch(() => undefined)}
        onValuesChange={(changed: Partial<UploadValues>) => {
          // Recipients belong to one organization.
          if ('organizationNo' in changed) form.setFieldValue('recipientIds', []);
          if ('phi' in changed) void form.validateFields(['recipientIds']).catch(() => undefined);
        }}
      >
        <Form.Item
          label="Files"
          name="files"
          valuePropName="fileList"
          getValueFromEvent={(event: { fileList: UploadFile[] }) =>
            event.fileList.slice(0, maxFiles)
          }
          rules={[
            {
              validator: async (_rule, value: UploadFile[] | undefined) => {
                const problem = await problemWithFiles(chosenFiles(value), { maxBytes, maxFiles });
                if (problem) throw new Error(problem);
              },
            },
          ]}
          required
          extra={`${count} of ${maxFiles} files chosen${full ? ': remove one to choose another' : ''}`}
        >
          <Upload
            multiple
            accept={FILE_EXTENSIONS.join(',')}
            beforeUpload={() => false}
            openFileDialogOnClick={!full}
            itemRender={(node, item) => (
              <div>
                {node}
                {problems[item.uid] && (
                  <div role="alert" className="ant-form-item-explain-error">
                    {problems[item.uid]}
                  </div>
                )}
              </div>
            )}
          >
            <Button icon={<UploadOutlined />} disabled={full}>
              Select Files
            </Button>
          </Upload>
        </Form.Item>
        <Form.Item
          label="Organization"
          name="organizationNo"
          rules={[{ required: true, message: requiredMessage('Organization') }]}
        >
          <OrganizationSelect placeholder="Choose an organization" />
        </Form.Item>
        <Form.Item
          label="Category"
          name="categoryId"
          rules={[{ required: true, message: requiredMessage('Category') }]}
        >
          <Select<number> options={CATEGORY_OPTIONS} placeholder="Choose a category" />
        </Form.Item>
        <Form.Item name="phi" valuePropName="checked">
          <Checkbox>Contains PHI (protected health information)</Checkbox>
        </Form.Item>
        <Form.Item
          label="Recipients"
          name="recipientIds"
          rules={[
            { required: true, type: 'array', min: 1, message: requiredMessage('Recipients') },
          ]}
          extra={phi ? 'A PHI file can only go to users who may receive PHI.' : undefined}
        >
          <RecipientsSelect organizationNo={organizationNo} phi={phi} />
        </Form.Item>
      </Form>
    </AppDrawer>
  );
}
