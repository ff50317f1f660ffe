import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { PERMISSIONS as P, type HealthCondition } from '@pillar/domain';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useHealthConditions } from '../../entities/health-condition/index.ts';
import { PermissionGate } from '../../shared/permissions/permission-gate.tsx';
import { usePermissions } from '../../shared/permissions/user-access.ts';
import {
  PagedTable,
  usePagedTableState,
  type PagedTableColumn,
} from '../../shared/search-table/paged-table.tsx';
import { whoAndWhen } from './clinical-audit.ts';
import { ConditionEditModal } from './condition-edit-modal.tsx';

const EDIT = { allOf: [P.clinicalEdit] } as const;

/** Where a condition's detail page is. */
export function conditionPath(id: number): string {
  return `/clinical/conditions/detail/${id}`;
}

/**
 * The conditions (spec 2 §2 "Clinical configuration"): name (a link to the detail), drugs,
 * Created and Last Updated as 'name MM/DD/YYYY', server-paged and sortable; Add Condition and
 * each row's Edit for clinicalEdit holders (the modal). The Conditions tab of
 * /clinical/config/{tab} and the /clinical/conditions page both show it.
 */
export function ConditionsTab() {
  const navigate = useNavigate();
  const { can } = usePermissions();
  const table = usePagedTableState();
  const conditions = useHealthConditions({ ...table.query, sort: table.query.sort ?? 'name:asc' });
  const [editing, setEditing] = useState<{ condition?: HealthCondition } | null>(null);

  const columns: PagedTableColumn<HealthCondition>[] = [
    {
      title: 'Name',
      sortField: 'name',
      render: (_, condition) => <Link to={conditionPath(condition.id)}>{condition.name}</Link>,
    },
    { title: 'Drugs', sortField: 'drug_count', dataIndex: 'drug_count', width: 100 },
    {
      title: 'Created',
      sortField: 'created_at',
      render: (_, c) => whoAndWhen(c.created_by_name, c.created_at),
    },
    {
      title: 'Last Updated',
      sortField: 'updated_at',
      render: (_, c) => whoAndWhen(c.updated_by_name, c.updated_at),
    },
  ];
  if (can(EDIT)) {
    columns.push({
      title: 'Actions',
      key: 'actions',
      width: 110,
      render: (_, condition) => (
        <Button
          size="small"
          icon={<EditOutlined aria-hidden />}
          aria-label={`Edit ${condition.name}`}
          onClick={() => setEditing({ condition })}
        >
          Edit
        </Button>
      ),
    });
  }

  return (
    <div className="clinical-conditions">
      <PermissionGate rule={EDIT}>
        <div className="clinical-toolbar">
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({})}>
            Add Condition
          </Button>
        </div>
      </PermissionGate>
      <PagedTable<HealthCondition>
        rowKey="id"
        size="middle"
        columns={columns}
        state={table.state}
        onStateChange={table.onStateChange}
        page={conditions.data}
        isError={conditions.isError}
        loading={conditions.isFetching}
        showTotal={(count) => `${count} condition${count === 1 ? '' : 's'}`}
      />
      <ConditionEditModal
        open={editing !== null}
        condition={editing?.condition}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          if (editing?.condition === undefined) void navigate(conditionPath(saved.id));
        }}
      />
    </div>
  );
}
