import { useState } from 'react';
import { Alert, Button, List, Skeleton, Tag, Typography } from 'antd';
import { formatDate, type ClaimsFile, type MappedClaimsFile } from '@pillar/domain';
import { useClaimsFiles } from '../../../entities/claims-file/index.ts';
import { describeError } from '../../../shared/notifications/notify.ts';
import { usePermissions } from '../../../shared/permissions/user-access.ts';
import { UploadClaimsModal } from './upload-claims-modal.tsx';
import { countText } from '../count-text.ts';

export interface FileStageProps {
  opportunityId: number;
  onMap: (file: ClaimsFile) => void;
  onSummary: (file: MappedClaimsFile) => void;
  onPricing: (file: MappedClaimsFile) => void;
}

const PhiTag = ({ phi }: { phi: boolean }) => (phi ? <Tag color="red">PHI</Tag> : null);

/**
 * The File stage (spec 3 §2 "Claims file page"): Upload New Claims File, the Unmapped Files
 * (selecting one goes to Mapping) and the Mapped Files (selecting one opens Summary; internal
 * users also get Pricing), each with its PHI tag and the spec's empty state.
 */
export function FileStage({ opportunityId, onMap, onSummary, onPricing }: FileStageProps) {
  const files = useClaimsFiles(opportunityId);
  const { isInternal } = usePermissions();
  const [uploading, setUploading] = useState(false);

  return (
    <div className="claims-file-stage">
      <Button type="primary" onClick={() => setUploading(true)}>
        Upload New Claims File
      </Button>
      <UploadClaimsModal
        opportunityId={opportunityId}
        open={uploading}
        onClose={() => setUploading(false)}
      />
      {files.isError ? (
        <Alert type="error" showIcon title={describeError(files.error).description} />
      ) : !files.data ? (
        <Skeleton active />
      ) : (
        <div className="claims-file-lists">
          <section aria-labelledby="unmapped-files-title">
            <Typography.Title level={3} id="unmapped-files-title">
              Unmapped Files
            </Typography.Title>
            <List
              bordered
              locale={{
                emptyText: <span className="claims-file-lists__empty">No Unmapped Files</span>,
              }}
              dataSource={files.data.unmappedFiles}
              renderItem={(file) => (
                <List.Item
                  actions={[
                    <Button
                      key="map"
                      onClick={() => onMap(file)}
                      aria-label={`Map ${file.fileName}`}
                    >
                      Map
                    </Button>,
                  ]}
                >
                  <List.Item.Meta
                    title={
                      <span className="claims-file-lists__title">
                        {file.fileName} <PhiTag phi={file.phi} />
                      </span>
                    }
                    description={`${countText(file.rowCount, 'row')} · uploaded ${formatDate(file.createdAt.slice(0, 10))}`}
                  />
                </List.Item>
              )}
            />
          </section>
          <section aria-labelledby="mapped-files-title">
            <Typography.Title level={3} id="mapped-files-title">
              Mapped Files
            </Typography.Title>
            <List
              bordered
              locale={{
                emptyText: <span className="claims-file-lists__empty">No Mapped Files</span>,
              }}
              dataSource={files.data.mappedFiles}
              renderItem={(file) => (
                <List.Item
                  actions={[
                    <Button
                      key="summary"
                      onClick={() => onSummary(file)}
                      aria-label={`Summary of ${file.fileName}`}
                    >
                      Summary
                    </Button>,
                    ...(isInternal
                      ? [
                          <Button
                            key="pricing"
                            onClick={() => onPricing(file)}
                            aria-label={`Pricing of ${file.fileName}`}
                          >
                            Pricing
                          </Button>,
                        ]
                      : []),
                  ]}
                >
                  <List.Item.Meta
                    title={
                      <span className="claims-file-lists__title">
                        {file.fileName} <PhiTag phi={file.phi} />
                      </span>
                    }
                    description={`${countText(file.claimCount, 'claim')} · ${formatDate(file.minDate)} – ${formatDate(file.maxDate)}`}
                  />
                </List.Item>
              )}
            />
          </section>
        </div>
      )}
    </div>
  );
}
