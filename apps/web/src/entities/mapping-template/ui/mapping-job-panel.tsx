import { useState } from 'react';
import { Alert, Button, Descriptions, Progress, Space, Table, Typography } from 'antd';
import { downloadJobOutput, useCompletedJob, useCreateJob, useJob } from '../api/jobs.ts';

export interface MappingJobPanelProps {
  templateId: number;
  /** The stored source file the template is applied to. */
  fileStorageId: string;
  /** The claims flow polls at most 20 times; the schema wizard until the job is done. */
  maxPolls?: number;
}

/**
 * Run a mapping job (spec 3 §2): POST /jobs, a progress bar polling GET /jobs/{id} every 3 s,
 * then the result (rows, created columns, dropped rows, row errors) and the output download.
 */
export function MappingJobPanel({ templateId, fileStorageId, maxPolls }: MappingJobPanelProps) {
  const create = useCreateJob();
  const [jobId, setJobId] = useState<number | null>(null);
  const job = useJob(jobId, maxPolls);
  const status = job.data?.status;
  const completed = useCompletedJob(jobId, status === 'completed');
  const [downloading, setDownloading] = useState(false);

  const run = () =>
    create.mutate({ templateId, fileStorageId }, { onSuccess: (started) => setJobId(started.id) });

  return (
    <section aria-labelledby="mapping-job-title" className="mapping-job">
      <Typography.Title level={3} id="mapping-job-title">
        Mapping Job
      </Typography.Title>
      <Button
        type="primary"
        onClick={run}
        loading={create.isPending}
        disabled={status === 'queued' || status === 'running'}
      >
        Run Mapping Job
      </Button>
      {job.data && (
        <Space direction="vertical" style={{ width: '100%', marginTop: 12 }}>
          <Progress
            percent={Math.round(status === 'completed' ? 100 : job.data.percent)}
            status={
              status === 'failed' ? 'exception' : status === 'completed' ? 'success' : 'active'
            }
            aria-label="Mapping job progress"
          />
          <Typography.Text>
            Job {job.data.id}: {status}
          </Typography.Text>
          {job.data.failure && <Alert type="error" showIcon title={job.data.failure} />}
          {(status === 'completed' || status === 'failed') && (
            <Descriptions size="small" column={2} bordered>
              <Descriptions.Item label="Rows read">{job.data.rowsRead}</Descriptions.Item>
              <Descriptions.Item label="Rows written">{job.data.rowsWritten}</Descriptions.Item>
              <Descriptions.Item label="Rows dropped">{job.data.rowsDropped}</Descriptions.Item>
              <Descriptions.Item label="Errors">{job.data.errorCount}</Descriptions.Item>
              {completed.data && (
                <Descriptions.Item label="Columns created" span={2}>
                  {completed.data.fieldsCreated.join(', ')}
                </Descriptions.Item>
              )}
            </Descriptions>
          )}
          {job.data.errors.length > 0 && (
            <Table
              size="small"
              aria-label="Row errors"
              rowKey={(e) => `${e.row}-${e.field}`}
              pagination={false}
              dataSource={job.data.errors}
              columns={[
                { title: 'Row', dataIndex: 'row', width: 80 },
                { title: 'Field', dataIndex: 'field', width: 180 },
                { title: 'Message', dataIndex: 'message' },
              ]}
            />
          )}
          {completed.data && (
            <Button
              loading={downloading}
              onClick={() => {
                setDownloading(true);
                void downloadJobOutput(completed.data.id).finally(() => setDownloading(false));
              }}
            >
              Download Output
            </Button>
          )}
        </Space>
      )}
    </section>
  );
}
