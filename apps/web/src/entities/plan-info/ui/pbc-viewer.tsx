import { useEffect, useState } from 'react';
import { Alert, Button, Empty, Skeleton, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { PLAN_INFO_MESSAGES } from '@pillar/domain';
import { saveFile } from '../../../shared/api/api-client.ts';
import { hasStatus } from '../../../shared/api/api-error.ts';
import { describeError } from '../../../shared/notifications/notify.ts';
import { usePbc, type PbcTarget } from '../api/get-pbc.ts';
import './plan-info.css';

export interface PbcViewerProps {
  /** A member ({ employeeNo, dependentNo? }) or an organization ({ orgId }); null asks nothing. */
  target: PbcTarget | null;
  /** Height of the document frame; 640 px by default. */
  height?: number;
}

/**
 * The PDF in the browser's own viewer, on an object URL made for this blob and revoked when the
 * frame goes (the viewer keys it by blob, so a new document is a new frame).
 */
function PdfFrame({ blob, title, height }: { blob: Blob; title: string; height: number }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const next = URL.createObjectURL(blob);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the URL is an outside resource, made here and revoked in the cleanup
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  if (!url) return null;
  return <iframe className="plan-info__pbc-frame" title={title} src={url} style={{ height }} />;
}

/**
 * The plan benefit content (PBC) PDF in the browser's own viewer, with Download; 'PBC not
 * available' (spec 2 §8) when the plan has none.
 */
export function PbcViewer({ target, height = 640 }: PbcViewerProps) {
  const pbc = usePbc(target);
  if (!target || hasStatus(pbc.error, 404)) {
    return <Empty description={PLAN_INFO_MESSAGES.pbcNotAvailable} />;
  }
  if (pbc.isPending) return <Skeleton active aria-label="Loading the PBC" />;
  if (pbc.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title="The PBC could not be loaded."
        description={describeError(pbc.error).description}
      />
    );
  }
  const file = pbc.data;
  return (
    <Space orientation="vertical" size="small" className="plan-info__pbc">
      <Button icon={<DownloadOutlined />} onClick={() => saveFile(file)}>
        Download
      </Button>
      <PdfFrame
        key={file.fileName}
        blob={file.blob}
        title={`Plan benefit content: ${file.fileName}`}
        height={height}
      />
    </Space>
  );
}
