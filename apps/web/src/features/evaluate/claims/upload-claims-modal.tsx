import { useState } from 'react';
import { Alert, Button, Checkbox, Modal, Table, Typography, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import {
  CLAIMS_FILE_EXTENSIONS,
  CLAIMS_FILE_MESSAGES,
  CLAIMS_PREVIEW_ROWS,
  alreadyAcceptedMessage,
  type UploadAnswer,
} from '@pillar/domain';
import { useAcceptClaimsFile, useUploadClaimsFile } from '../../../entities/claims-file/index.ts';
import { describeError } from '../../../shared/notifications/notify.ts';
import { countText } from '../count-text.ts';

export interface UploadClaimsModalProps {
  opportunityId: number;
  open: boolean;
  onClose: () => void;
}

/** The preview table: the first 5 rows and the first 5 columns (spec 3 §5, §9). */
function Preview({ answer }: { answer: UploadAnswer }) {
  const cols = answer.cols.slice(0, CLAIMS_PREVIEW_ROWS).map((c) => c.name);
  const rows = (JSON.parse(answer.previewRows) as Record<string, string>[]).slice(
    0,
    CLAIMS_PREVIEW_ROWS,
  );
  return (
    <Table
      size="small"
      aria-label="Claims file preview"
      pagination={false}
      rowKey={(_, i) => String(i)}
      dataSource={rows}
      columns={cols.map((name) => ({ title: name, dataIndex: name, key: name, ellipsis: true }))}
    />
  );
}

/**
 * Upload New Claims File (spec 3 §2, §5): one file, uploaded as soon as it is chosen; a preview of
 * its first 5 rows and columns; contains PHI checked by default; Accept disabled until the file
 * is uploaded, then the accept step adds it to Unmapped Files.
 */
export function UploadClaimsModal({ opportunityId, open, onClose }: UploadClaimsModalProps) {
  const upload = useUploadClaimsFile(opportunityId);
  const accept = useAcceptClaimsFile(opportunityId);
  const [chosen, setChosen] = useState<UploadFile[]>([]);
  const [phi, setPhi] = useState(true);
  const answer = upload.data;

  const close = () => {
    setChosen([]);
    setPhi(true);
    upload.reset();
    accept.reset();
    onClose();
  };

  return (
    <Modal
      title="Upload New Claims File"
      open={open}
      onCancel={close}
      width={760}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close}>
          Cancel
        </Button>,
        <Button
          key="accept"
          type="primary"
          disabled={!answer}
          loading={accept.isPending}
          onClick={() =>
            answer &&
            accept.mutate({ fileHash: answer.fileHash, containsPhi: phi }, { onSuccess: close })
          }
        >
          Accept
        </Button>,
      ]}
    >
      <Upload
        accept={CLAIMS_FILE_EXTENSIONS.join(',')}
        maxCount={1}
        fileList={chosen}
        beforeUpload={(file) => {
          setChosen([{ uid: file.uid, name: file.name, status: 'uploading' }]);
          upload.mutate(file, {
            onSuccess: () => setChosen([{ uid: file.uid, name: file.name, status: 'done' }]),
            onError: () => setChosen([{ uid: file.uid, name: file.name, status: 'error' }]),
          });
          return false;
        }}
        onRemove={() => {
          setChosen([]);
          upload.reset();
        }}
      >
        <Button icon={<UploadOutlined />} loading={upload.isPending}>
          Select Claims File
        </Button>
      </Upload>
      <p className="claims-upload__hint">
        CSV, pipe-delimited or fixed-width text (.csv, .txt, .psv, .dat) or XLSX, up to 500 MB.
      </p>
      {upload.isError && (
        <Alert type="error" showIcon title={describeError(upload.error).description} />
      )}
      {answer && (
        <>
          <Typography.Title level={3} className="claims-upload__preview-title">
            Preview of {answer.fileName}
          </Typography.Title>
          <Typography.Paragraph>
            {countText(answer.rowCount, 'row')}, {countText(answer.cols.length, 'column')}
            {answer.unparseableRows > 0
              ? `, ${countText(answer.unparseableRows, 'unparseable row')}`
              : ''}
            .
          </Typography.Paragraph>
          {answer.alreadyAccepted && (
            <Alert
              type="info"
              showIcon
              className="claims-upload__duplicate"
              title={alreadyAcceptedMessage(answer.alreadyAccepted.fileName)}
            />
          )}
          <Preview answer={answer} />
        </>
      )}
      <Checkbox
        className="claims-upload__phi"
        checked={phi}
        onChange={(e) => setPhi(e.target.checked)}
      >
        Contains PHI
      </Checkbox>
      {!answer && !upload.isPending && (
        <p className="claims-upload__hint">{CLAIMS_FILE_MESSAGES.fileRequired}</p>
      )}
    </Modal>
  );
}
