import { Alert, Button, Table } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  dependentPath,
  formatDate,
  type DependentSearchRow,
  type EmployeeDetail,
} from '@pillar/domain';
import { describeError } from '../../../shared/notifications/notify.ts';
import { StatusTag } from '../../../shared/status/status-tag.tsx';
import { useEmployeeDependents } from '../../../entities/member/index.ts';
import { PanelCard } from '../../../shared/page/panel-card.tsx';

export interface DependentsPanelProps {
  employee: EmployeeDetail;
  /** The Add Dependent drawer (55%), given open and onClose. */
  renderAddDrawer?: (props: { open: boolean; onClose: () => void }) => ReactNode;
}

/** Dependents (spec 1 §2): the member's dependents, each a link, and Add Dependent. */
export function DependentsPanel({ employee, renderAddDrawer }: DependentsPanelProps) {
  const dependents = useEmployeeDependents(
    employee.organizationNo,
    employee.employeeNo,
    employee.generatedId,
  );
  const [adding, setAdding] = useState(false);
  const canAdd = employee.actions.addDependent && renderAddDrawer !== undefined;
  return (
    <PanelCard
      block="member-panel"
      title="Dependents"
      extra={
        canAdd && (
          <Button type="primary" onClick={() => setAdding(true)}>
            Add Dependent
          </Button>
        )
      }
    >
      {dependents.isError && (
        <Alert
          type="error"
          showIcon
          title="The dependents could not be loaded."
          description={describeError(dependents.error).description}
        />
      )}
      <Table<DependentSearchRow>
        rowKey="dependentNo"
        size="middle"
        loading={dependents.isLoading}
        dataSource={dependents.data ?? []}
        pagination={false}
        locale={{ emptyText: <span className="member-panel__muted">No dependents</span> }}
        columns={[
          {
            title: 'Name',
            dataIndex: 'name',
            render: (name: string, row) => (
              <Link to={dependentPath(row.organizationNo, row.employeeNo, row.dependentNo)}>
                {name}
              </Link>
            ),
          },
          { title: 'Relationship', dataIndex: 'relationshipLabel' },
          { title: 'Birthdate', dataIndex: 'birthdate', render: (d: string) => formatDate(d) },
          {
            title: 'Effective Date',
            dataIndex: 'effectiveDate',
            render: (d: string) => formatDate(d),
          },
          {
            title: 'Status',
            dataIndex: 'processStatus',
            render: (status: number, row) => (
              <StatusTag status={status} expirationDate={row.expirationDate} />
            ),
          },
        ]}
      />
      {canAdd && renderAddDrawer({ open: adding, onClose: () => setAdding(false) })}
    </PanelCard>
  );
}
