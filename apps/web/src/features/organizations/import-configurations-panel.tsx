import { DownOutlined, EditOutlined, HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Dropdown, Space, Table } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { PERMISSIONS, type ImportConfiguration, type Page } from '@pillar/domain';
import { describeError } from '../../shared/notifications/notify.ts';
import { PanelCard } from '../../shared/page/panel-card.tsx';
import { usePermissions } from '../../shared/permissions/user-access.ts';
import { useExport834, useRunConfigurations } from '../../entities/eligibility-import-run/index.ts';
import { ImportSchemaStatusTag } from '../../entities/import-schema/index.ts';
import { useOrganizationConfigurations } from './import-configurations-api.ts';
import { ImportConfigurationDrawer } from './import-configurations-drawer.tsx';
import { ImportRunsDrawer } from './import-runs/import-runs-drawer.tsx';

const PAGE_SIZE = 10;

/**
 * Import Configurations (issue 15): which eligibility import schema reads this organization's
 * files. Internal users who may view schemas see the list; those with edit-all add and change
 * configurations in a drawer (the access rule of the configuration calls: internal edit-all).
 * Each configuration's Import Runs drawer (issue 17) lists its runs; users who may run an import
 * (member edit or the data role's import create) upload a file there, and export the
 * organization's eligibility as an 834 (every member, or the changes since the last export).
 * Clients and brokers with Manage Eligibility (member edit), whom the server lets run imports in
 * their organizations, see the card too (decision 0138): the configurations, their runs and Run
 * Import, without the schema links and configuration edits that are internal.
 */
export function ImportConfigurationsPanel({ orgId }: { orgId: number }) {
  const { can, isInternal } = usePermissions();
  const canView = isInternal && can({ allOf: [PERMISSIONS.eligibilityImportView] });
  const canRun = can({ anyOf: [PERMISSIONS.editMember, PERMISSIONS.eligibilityImportCreate] });
  if (canView) {
    return (
      <InternalConfigurationsCard
        orgId={orgId}
        canConfigure={can({ allOf: [PERMISSIONS.eligibilityImportEditAll] })}
        canRun={canRun}
      />
    );
  }
  return canRun ? <RunnerConfigurationsCard orgId={orgId} /> : null;
}

type ConfigurationsQuery = UseQueryResult<Page<ImportConfiguration>>;

/** Internal users who may view schemas: the import schemas' configuration list (and its edits). */
function InternalConfigurationsCard(props: {
  orgId: number;
  canConfigure: boolean;
  canRun: boolean;
}) {
  const [offset, setOffset] = useState(0);
  const configurations = useOrganizationConfigurations(props.orgId, { limit: PAGE_SIZE, offset });
  return (
    <ConfigurationsCard
      {...props}
      canViewSchemas
      configurations={configurations}
      offset={offset}
      setOffset={setOffset}
    />
  );
}

/** Users who may run imports but not view schemas (clients, brokers): the runs' own list. */
function RunnerConfigurationsCard({ orgId }: { orgId: number }) {
  const [offset, setOffset] = useState(0);
  const configurations = useRunConfigurations(orgId, { limit: PAGE_SIZE, offset });
  return (
    <ConfigurationsCard
      orgId={orgId}
      canConfigure={false}
      canRun
      canViewSchemas={false}
      configurations={configurations}
      offset={offset}
      setOffset={setOffset}
    />
  );
}

function ConfigurationsCard({
  orgId,
  canConfigure,
  canRun,
  canViewSchemas,
  configurations,
  offset,
  setOffset,
}: {
  orgId: number;
  canConfigure: boolean;
  canRun: boolean;
  canViewSchemas: boolean;
  configurations: ConfigurationsQuery;
  offset: number;
  setOffset: (offset: number) => void;
}) {
  const [editing, setEditing] = useState<ImportConfiguration | 'new' | null>(null);
  const [runsOf, setRunsOf] = useState<ImportConfiguration | null>(null);
  const export834 = useExport834(orgId);

  const body = configurations.isError ? (
    <Alert
      type="error"
      showIcon
      title="The import configurations could not be loaded."
      description={describeError(configurations.error).description}
    />
  ) : (
    <Table<ImportConfiguration>
      rowKey="eicNo"
      size="small"
      loading={configurations.isFetching}
      dataSource={configurations.data?.data ?? []}
      locale={{
        // antd greys the empty text below AA contrast; the muted class of the dashboard is AA.
        emptyText: (
          <span className="org-muted">No import configurations for this organization.</span>
        ),
      }}
      pagination={{
        current: offset / PAGE_SIZE + 1,
        pageSize: PAGE_SIZE,
        total: configurations.data?.totalCount ?? 0,
        hideOnSinglePage: true,
        showSizeChanger: false,
        onChange: (page) => setOffset((page - 1) * PAGE_SIZE),
      }}
      columns={[
        { title: 'Config Name', dataIndex: 'eicName' },
        {
          title: 'Status',
          dataIndex: 'eicStatus',
          render: (status: number) => <ImportSchemaStatusTag status={status} />,
        },
        {
          title: 'Schema',
          key: 'schema',
          render: (_: unknown, row) =>
            canViewSchemas ? (
              <Link
                to={`/data-management/eligibility-imports/import-schema/${row.eligibilityImportSchemaNo}`}
              >
                {row.schemaName}
              </Link>
            ) : (
              row.schemaName
            ),
        },
        {
          title: <span className="sr-only">Actions</span>,
          key: 'actions',
          render: (_: unknown, row: ImportConfiguration) => (
            <Space size={0}>
              <Button
                type="link"
                icon={<HistoryOutlined />}
                aria-label={`Import Runs of ${row.eicName}`}
                onClick={() => setRunsOf(row)}
              >
                Import Runs
              </Button>
              {canConfigure && (
                <Button
                  type="text"
                  icon={<EditOutlined />}
                  aria-label={`Edit ${row.eicName}`}
                  onClick={() => setEditing(row)}
                />
              )}
            </Space>
          ),
        },
      ]}
    />
  );

  return (
    <PanelCard
      title="Import Configurations"
      extra={
        <Space>
          {canRun && (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'full', label: 'Full file (every member)' },
                  { key: 'changes', label: 'Changes since the last export' },
                ],
                onClick: ({ key }) => export834.mutate(key === 'changes' ? 'changes' : 'full'),
              }}
            >
              <Button loading={export834.isPending}>
                Export 834 <DownOutlined />
              </Button>
            </Dropdown>
          )}
          {canConfigure && (
            <Button icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              Add Configuration
            </Button>
          )}
        </Space>
      }
    >
      {body}
      <ImportConfigurationDrawer
        orgId={orgId}
        configuration={editing}
        onClose={() => setEditing(null)}
      />
      <ImportRunsDrawer
        orgId={orgId}
        configuration={runsOf}
        canRun={canRun}
        onClose={() => setRunsOf(null)}
      />
    </PanelCard>
  );
}
