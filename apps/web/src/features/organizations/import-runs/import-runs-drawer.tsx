import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Space, Table, Tooltip, Typography, Upload } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  FULL_FILE_HELP,
  FULL_FILE_LABEL,
  type ImportConfiguration,
  type ImportRun,
} from '@pillar/domain';
import { AppDrawer } from '../../../shared/drawer/app-drawer.tsx';
import { describeError } from '../../../shared/notifications/notify.ts';
import {
  ImportRunStatusTag,
  RUN_FILE_ACCEPT,
  formatRunTime,
  runOutcome,
  useConfigurationRuns,
  useStartRun,
} from '../../../entities/eligibility-import-run/index.ts';
import { runPath } from './run-path.ts';

const PAGE_SIZE = 10;

export interface ImportRunsDrawerProps {
  orgId: number;
  configuration: ImportConfiguration | null;
  /** Whether the user may start a run (manage eligibility or the data role's import create). */
  canRun: boolean;
  onClose: () => void;
}

/**
 * A configuration's import runs (issue 17): Run Import uploads one file (delimited, fixed
 * length, XLSX or 834) and opens the new run's page; the list shows who ran each file, when,
 * its status, counts and outcome, with a link to the run.
 */
export function ImportRunsDrawer({ orgId, configuration, canRun, onClose }: ImportRunsDrawerProps) {
  return (
    <AppDrawer
      size="wide"
      title={configuration ? `Import Runs: ${configuration.eicName}` : 'Import Runs'}
      open={configuration !== null}
      onClose={onClose}
    >
      {configuration && <RunsBody orgId={orgId} configuration={configuration} canRun={canRun} />}
    </AppDrawer>
  );
}

function RunsBody({
  orgId,
  configuration,
  canRun,
}: {
  orgId: number;
  configuration: ImportConfiguration;
  canRun: boolean;
}) {
  const [offset, setOffset] = useState(0);
  const runs = useConfigurationRuns(configuration.eicNo, { limit: PAGE_SIZE, offset });
  const start = useStartRun(configuration.eicNo);
  const [fullFile, setFullFile] = useState(false);
  const navigate = useNavigate();

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {canRun && (
        <Space direction="vertical" size={4}>
          <Tooltip title={FULL_FILE_HELP}>
            <Checkbox checked={fullFile} onChange={(e) => setFullFile(e.target.checked)}>
              {FULL_FILE_LABEL}
            </Checkbox>
          </Tooltip>
          <Upload
            accept={RUN_FILE_ACCEPT}
            maxCount={1}
            showUploadList={false}
            beforeUpload={(file) => {
              start.mutate(
                { file, fullFile },
                {
                  onSuccess: (run) => void navigate(runPath(orgId, run.runId)),
                },
              );
              return false;
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={start.isPending}>
              Run Import
            </Button>
          </Upload>
          <Typography.Text className="org-muted">
            One file in the layout of the configuration&apos;s schema: delimited, fixed length, XLSX
            or X12 834. Nothing is written to members before you review and apply it. Check Full
            file when it lists every member: those it leaves out are shown, never terminated.
          </Typography.Text>
        </Space>
      )}
      {runs.isError ? (
        <Alert
          type="error"
          showIcon
          title="The import runs could not be loaded."
          description={describeError(runs.error).description}
        />
      ) : (
        <Table<ImportRun>
          rowKey="runId"
          size="small"
          aria-label="Import runs"
          loading={runs.isFetching && !runs.data}
          dataSource={runs.data?.data ?? []}
          locale={{ emptyText: <span className="org-muted">No import runs yet.</span> }}
          pagination={{
            current: offset / PAGE_SIZE + 1,
            pageSize: PAGE_SIZE,
            total: runs.data?.totalCount ?? 0,
            hideOnSinglePage: true,
            showSizeChanger: false,
            onChange: (page) => setOffset((page - 1) * PAGE_SIZE),
          }}
          columns={[
            {
              title: 'Run',
              dataIndex: 'runId',
              render: (runId: number) => (
                <Link to={runPath(orgId, runId)} aria-label={`Open run ${runId}`}>
                  #{runId}
                </Link>
              ),
            },
            {
              title: 'Started',
              key: 'started',
              render: (_: unknown, run) => (
                <>
                  {formatRunTime(run.createdAt)}
                  <br />
                  <span className="org-muted">{run.createdBy}</span>
                </>
              ),
            },
            { title: 'File', dataIndex: 'fileName' },
            {
              title: 'Status',
              dataIndex: 'status',
              render: (status: ImportRun['status']) => <ImportRunStatusTag status={status} />,
            },
            { title: 'Outcome', key: 'outcome', render: (_: unknown, run) => runOutcome(run) },
          ]}
        />
      )}
    </Space>
  );
}
