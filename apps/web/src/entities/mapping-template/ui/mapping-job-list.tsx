import { useState } from 'react';
import { Alert, Button, ConfigProvider, Space, Table, Typography } from 'antd';
import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZE_OPTIONS,
  offsetOfPage,
  type JobStatus,
  type TemplateJob,
} from '@pillar/domain';
import { AppDrawer } from '../../../shared/drawer/app-drawer.tsx';
import { describeError } from '../../../shared/notifications/notify.ts';
import { downloadJobOutput, useJob, useTemplateJobs } from '../api/jobs.ts';

export interface MappingJobListProps {
  templateId: number;
}

const STATUS_LABELS: Record<JobStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
};

/** An instant in the user's local time, MM/DD/YYYY h:mm AM. */
function formatStarted(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('en-US', {
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/**
 * The template's mapping jobs (issue 16; spec 3 §2, §7): newest first and paged, each with when it
 * started, its status and its rows read, written and failed; a completed job's Download Output,
 * and a job's row errors (row, field, message) in a drawer. In view and edit mode alike.
 */
export function MappingJobList({ templateId }: MappingJobListProps) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const jobs = useTemplateJobs(templateId, {
    limit: pageSize,
    offset: offsetOfPage(page, pageSize),
  });
  const [downloading, setDownloading] = useState<number | null>(null);
  const [errorsOf, setErrorsOf] = useState<number | null>(null);

  // Nothing here edits: usable in view mode too, inside the wizard's disabled form.
  return (
    <ConfigProvider componentDisabled={false}>
      <section aria-labelledby="mapping-jobs-title" className="mapping-job-list">
        <Typography.Title level={3} id="mapping-jobs-title">
          Mapping Jobs
        </Typography.Title>
        {jobs.isError && (
          <Alert
            type="error"
            showIcon
            title="The mapping jobs could not be loaded."
            description={describeError(jobs.error).description}
          />
        )}
        <Table<TemplateJob>
          rowKey="id"
          size="small"
          aria-label="Jobs of this template"
          loading={jobs.isFetching && !jobs.data}
          dataSource={jobs.data?.data ?? []}
          locale={{
            // antd's empty-table text (#bfbfbf) is under AA contrast.
            emptyText: (
              <span style={{ color: 'rgba(0, 0, 0, 0.68)' }}>
                No mapping job has run on this template yet.
              </span>
            ),
          }}
          pagination={{
            current: page,
            pageSize,
            total: jobs.data?.totalCount ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
            onChange: (next, size) => {
              setPage(size !== pageSize ? 1 : next);
              setPageSize(size);
            },
            showTotal: (count) => (count === 1 ? '1 job' : `${count} jobs`),
          }}
          columns={[
            { title: 'Job', dataIndex: 'id' },
            {
              title: 'Started',
              dataIndex: 'started_at',
              render: (iso: string) => formatStarted(iso),
            },
            {
              title: 'Status',
              dataIndex: 'status',
              render: (status: JobStatus, job) => (
                <Space size={4} direction="vertical">
                  <Typography.Text>{STATUS_LABELS[status]}</Typography.Text>
                  {job.failure && <Typography.Text type="danger">{job.failure}</Typography.Text>}
                </Space>
              ),
            },
            { title: 'Rows Read', dataIndex: 'rowsRead', align: 'right' },
            { title: 'Rows Written', dataIndex: 'rowsWritten', align: 'right' },
            { title: 'Rows Failed', dataIndex: 'rowsDropped', align: 'right' },
            {
              title: 'Actions',
              key: 'actions',
              render: (_: unknown, job) => (
                <Space wrap>
                  {job.status === 'completed' && (
                    <Button
                      size="small"
                      aria-label={`Download Output of job ${job.id}`}
                      loading={downloading === job.id}
                      onClick={() => {
                        setDownloading(job.id);
                        void downloadJobOutput(job.id).finally(() => setDownloading(null));
                      }}
                    >
                      Download Output
                    </Button>
                  )}
                  {job.errorCount > 0 && (
                    <Button
                      size="small"
                      aria-label={`Errors of job ${job.id}`}
                      onClick={() => setErrorsOf(job.id)}
                    >
                      Errors ({job.errorCount})
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
        <AppDrawer
          open={errorsOf !== null}
          title={errorsOf !== null ? `Row errors of job ${errorsOf}` : 'Row errors'}
          size="wide"
          onClose={() => setErrorsOf(null)}
        >
          {errorsOf !== null && <JobErrors jobId={errorsOf} />}
        </AppDrawer>
      </section>
    </ConfigProvider>
  );
}

/** GET /jobs/{id}: the job's first row errors, and how many there are in all. */
function JobErrors({ jobId }: { jobId: number }) {
  const job = useJob(jobId);
  if (job.isError)
    return (
      <Alert
        type="error"
        showIcon
        title="The job's errors could not be loaded."
        description={describeError(job.error).description}
      />
    );
  const shown = job.data?.errors.length ?? 0;
  const total = job.data?.errorCount ?? 0;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {job.data && (
        <Typography.Text>
          {total === shown
            ? `${total} ${total === 1 ? 'error' : 'errors'}; each failed row was not written.`
            : `The first ${shown} of ${total} errors; each failed row was not written.`}
        </Typography.Text>
      )}
      <Table
        size="small"
        aria-label="Row errors"
        loading={job.isPending}
        rowKey={(e) => `${e.row}-${e.field}`}
        pagination={false}
        dataSource={job.data?.errors ?? []}
        columns={[
          { title: 'Row', dataIndex: 'row', width: 80 },
          { title: 'Field', dataIndex: 'field', width: 180 },
          { title: 'Message', dataIndex: 'message' },
        ]}
      />
    </Space>
  );
}
