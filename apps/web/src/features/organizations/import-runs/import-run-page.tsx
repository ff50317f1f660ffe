import { DownloadOutlined } from '@ant-design/icons';
import {
  Alert,
  Breadcrumb,
  Button,
  Descriptions,
  Skeleton,
  Space,
  Tooltip,
  Typography,
} from 'antd';
import { Link, useParams } from 'react-router';
import { CHANGE_KINDS, CHANGE_KIND_LABELS, PERMISSIONS, type ImportRun } from '@pillar/domain';
import { hasStatus } from '../../../shared/api/api-error.ts';
import { describeError } from '../../../shared/notifications/notify.ts';
import { PanelCard } from '../../../shared/page/panel-card.tsx';
import { useConfirmAction } from '../../../shared/page/confirm-action.tsx';
import { usePageTitle } from '../../../shared/page/use-page-title.ts';
import { NotFoundPage } from '../../../shared/pages/not-found-page.tsx';
import { usePermissions } from '../../../shared/permissions/user-access.ts';
import {
  ImportRunProgress,
  ImportRunStatusTag,
  applyBlocker,
  formatRunTime,
  isRunWorking,
  selectableChanges,
  useApplyRun,
  useDownloadRunFile,
  useImportRun,
  type RunDownload,
} from '../../../entities/eligibility-import-run/index.ts';
import { useOrganization } from '../../../entities/organization/index.ts';
import { RunChangesTable } from './run-changes-table.tsx';
import { RunRejectedTable } from './run-rejected-table.tsx';
import '../organization-workspace.css';

/** '1 change was', '2 changes were'. */
function plural(count: number, noun: string): string {
  return `${count.toLocaleString('en-US')} ${noun}${count === 1 ? ' was' : 's were'}`;
}

function parseId(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/**
 * /organizations/:orgId/import-runs/:runId (issue 17): one import run. Its progress polls the
 * job while it works (a reload picks it up); once previewed, the counts by kind, the changes
 * with a checkbox each, the rejected rows, the downloads and Apply; once applied, the result.
 */
export default function ImportRunPage() {
  const { orgId: orgParam, runId: runParam } = useParams();
  const orgId = parseId(orgParam);
  const runId = parseId(runParam);
  const run = useImportRun(runId);
  const organization = useOrganization(orgId ?? 0, orgId !== null);
  usePageTitle(runId === null ? 'Import Run' : `Import Run ${runId}`);

  if (orgId === null || runId === null) return <NotFoundPage />;
  if (run.isError && hasStatus(run.error, 404)) return <NotFoundPage />;
  // A run of another organization is not this page's: the address is wrong.
  if (run.data && run.data.organizationId !== orgId) return <NotFoundPage />;

  return (
    <section className="page">
      <Breadcrumb
        className="page-breadcrumb"
        items={[
          { title: <Link to="/organizations">Organizations</Link> },
          {
            title: (
              <Link to={`/organizations/${orgId}/dashboard`}>
                {organization.data?.name ?? 'Organization'}
              </Link>
            ),
          },
          { title: `Import Run ${runId}` },
        ]}
      />
      <Space align="center" wrap>
        <Typography.Title level={1} style={{ margin: 0 }}>
          Import Run {runId}
        </Typography.Title>
        {run.data && <ImportRunStatusTag status={run.data.status} />}
      </Space>
      {run.isError ? (
        <Alert
          type="error"
          showIcon
          title="This import run could not be loaded."
          description={describeError(run.error).description}
          action={<Button onClick={() => void run.refetch()}>Try Again</Button>}
        />
      ) : run.data ? (
        <RunBody run={run.data} />
      ) : (
        <Skeleton active />
      )}
    </section>
  );
}

function RunBody({ run }: { run: ImportRun }) {
  const { can } = usePermissions();
  const canRun = can({ anyOf: [PERMISSIONS.editMember, PERMISSIONS.eligibilityImportCreate] });
  const previewReady = run.status === 'previewed' || run.status === 'applied';
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', marginTop: 16 }}>
      <PanelCard title="Progress">
        <Descriptions size="small" column={{ xs: 1, md: 2 }} style={{ marginBottom: 12 }}>
          <Descriptions.Item label="File">{run.fileName}</Descriptions.Item>
          <Descriptions.Item label="Format">{FORMAT_LABELS[run.fileFormat]}</Descriptions.Item>
          <Descriptions.Item label="Full file">
            {run.fullFile
              ? 'Yes: members absent from the file are listed (not terminated)'
              : 'No: only the members the file names are compared'}
          </Descriptions.Item>
          <Descriptions.Item label="Started">
            {formatRunTime(run.createdAt)} by {run.createdBy}
          </Descriptions.Item>
          <Descriptions.Item label="Applied">
            {run.appliedAt
              ? `${formatRunTime(run.appliedAt)} by ${run.appliedBy ?? ''}`
              : 'Not yet'}
          </Descriptions.Item>
        </Descriptions>
        <ImportRunProgress run={run} />
        {run.status === 'failed' && (
          <Alert
            type="error"
            showIcon
            style={{ marginTop: 12 }}
            title="The import failed."
            description={run.error ?? undefined}
          />
        )}
        {run.status === 'applied' && (
          <Alert
            type="success"
            showIcon
            style={{ marginTop: 12 }}
            title={`Applied: ${run.rowsApplied.toLocaleString('en-US')} changes written to members.`}
            description={`${plural(selectableChanges(run) - run.rowsSelected, 'change')} left out, ${plural(run.rowsRejected, 'row')} rejected.`}
          />
        )}
      </PanelCard>
      {previewReady && (
        <>
          <RunCounts run={run} />
          <RunActions run={run} canRun={canRun} />
          <RunChangesTable run={run} canSelect={canRun && run.status === 'previewed'} />
          <PanelCard title="Rejected Rows">
            <RunRejectedTable run={run} />
          </PanelCard>
        </>
      )}
      {isRunWorking(run.status) && run.status !== 'applying' && (
        <Typography.Text className="org-muted">
          The preview appears here when the file has been read and compared. You may leave this
          page; the import goes on.
        </Typography.Text>
      )}
    </Space>
  );
}

const FORMAT_LABELS: Record<ImportRun['fileFormat'], string> = {
  csv: 'Delimited',
  fixed: 'Fixed length',
  xlsx: 'XLSX',
  edi: 'X12 834',
};

/** Counts by kind of change (every kind, 0 when none). */
function RunCounts({ run }: { run: ImportRun }) {
  return (
    <PanelCard title="Changes by Kind">
      <Descriptions size="small" bordered column={{ xs: 1, md: 2, lg: 3 }}>
        {CHANGE_KINDS.map((kind) => (
          <Descriptions.Item key={kind} label={CHANGE_KIND_LABELS[kind]}>
            {run.counts[kind].toLocaleString('en-US')}
          </Descriptions.Item>
        ))}
        <Descriptions.Item label="Rejected rows">
          {run.rowsRejected.toLocaleString('en-US')}
        </Descriptions.Item>
        <Descriptions.Item label="Selected to apply">
          {run.rowsSelected.toLocaleString('en-US')}
        </Descriptions.Item>
      </Descriptions>
    </PanelCard>
  );
}

// The rejected rows' downloads sit beside their filter (run-rejected-table.tsx).
const DOWNLOADS: readonly { file: RunDownload; label: string }[] = [
  { file: 'changes.csv', label: 'Changes (CSV)' },
  { file: 'changes.xlsx', label: 'Changes (XLSX)' },
];

/** Downloads (the preview, an 834's 999 and TA1) and Apply. */
function RunActions({ run, canRun }: { run: ImportRun; canRun: boolean }) {
  const download = useDownloadRunFile(run.runId);
  const apply = useApplyRun(run.runId);
  const [confirm, holder] = useConfirmAction();
  const blocker = applyBlocker(run, run.rowsSelected);
  const files: { file: RunDownload; label: string }[] = [
    ...DOWNLOADS,
    ...(run.has999 ? [{ file: '999' as const, label: '999 Acknowledgment' }] : []),
    ...(run.hasTa1 ? [{ file: 'ta1' as const, label: 'TA1 Acknowledgment' }] : []),
  ];

  const onApply = async () => {
    const left = selectableChanges(run) - run.rowsSelected;
    const ok = await confirm({
      title: `Apply ${run.rowsSelected.toLocaleString('en-US')} changes?`,
      content: (
        <>
          <p>
            {run.rowsSelected.toLocaleString('en-US')} selected changes will be written to the
            organization&apos;s members, with their history.
          </p>
          <p>
            {left.toLocaleString('en-US')} deselected changes and{' '}
            {run.rowsRejected.toLocaleString('en-US')} rejected rows are left out. Members absent
            from the file are not terminated.
          </p>
        </>
      ),
      action: 'Apply',
    });
    if (ok) apply.mutate();
  };

  return (
    <PanelCard title="Downloads and Apply">
      <Space wrap>
        {files.map(({ file, label }) => (
          <Button
            key={file}
            icon={<DownloadOutlined />}
            loading={download.isPending && download.variables?.file === file}
            onClick={() => download.mutate({ file })}
          >
            {label}
          </Button>
        ))}
        {canRun && run.status !== 'applied' && (
          <Tooltip title={blocker ?? undefined}>
            <Button
              type="primary"
              disabled={blocker !== null}
              loading={apply.isPending}
              onClick={() => void onApply()}
            >
              Apply
            </Button>
          </Tooltip>
        )}
      </Space>
      {holder}
    </PanelCard>
  );
}
