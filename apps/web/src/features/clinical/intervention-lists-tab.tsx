import { Button, Empty } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { INTERVENTION_LIST_SORT_FIELDS, PERMISSIONS, type InterventionList } from '@pillar/domain';
import { usePermissions } from '../../shared/permissions/user-access.ts';
import {
  PagedTable,
  type PagedTableChange,
  type PagedTableColumn,
} from '../../shared/search-table/paged-table.tsx';
import { totalText } from '../../shared/search-table/search-table.tsx';
import {
  readTableState,
  writeTableState,
  type TableStateOptions,
} from '../../shared/search-table/search-table-state.ts';
import { TableScrollFrame } from '../../shared/table-scroll/table-scroll-frame.tsx';
import { interventionListsQueryOptions } from '../../entities/intervention-list/index.ts';
import { ListWizard } from './list-wizard.tsx';
import { whoAndWhen } from './clinical-audit.ts';
import { ListStatusTag } from './list-format.tsx';
import './intervention-lists.css';

/** The table's page, size and sort live in the URL under 'il.' (a reload keeps them). */
const TABLE_STATE: TableStateOptions = {
  prefix: 'il',
  filterNames: [],
  sortFields: INTERVENTION_LIST_SORT_FIELDS,
};

const COLUMNS: PagedTableColumn<InterventionList>[] = [
  { title: 'ID', dataIndex: 'id', width: 80, fixed: 'start' },
  {
    title: 'Name',
    dataIndex: 'name',
    sortField: 'name',
    fixed: 'start',
    render: (name: string, list) => (
      <Link to={`/clinical/intervention/detail/${list.id}`}>{name}</Link>
    ),
  },
  {
    title: 'Active Prospective Cases',
    dataIndex: 'prospective_cases',
    sortField: 'prospective_cases',
    align: 'right',
  },
  {
    title: 'Active Retrospective Cases',
    dataIndex: 'retrospective_cases',
    sortField: 'retrospective_cases',
    align: 'right',
  },
  {
    title: 'Status',
    dataIndex: 'is_active',
    sortField: 'is_active',
    render: (isActive: boolean) => <ListStatusTag isActive={isActive} />,
  },
  {
    title: 'Created',
    key: 'created',
    render: (_: unknown, list) => whoAndWhen(list.created_by_name, list.created_at),
  },
  {
    title: 'Last Updated',
    key: 'updated',
    render: (_: unknown, list) => whoAndWhen(list.updated_by_name, list.updated_at),
  },
];

/**
 * The Intervention Drug Lists tab (spec 2 §2 "Clinical configuration"): the lists with their
 * active case counts, server-paged and sortable on name, both counts and status; Create List
 * (clinicalEdit holders) opens the wizard, and a created list opens on its detail page.
 */
export default function InterventionListsTab() {
  const { can } = usePermissions();
  const canEdit = can({ allOf: [PERMISSIONS.clinicalEdit] });
  const [searchParams, setSearchParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const state = readTableState(searchParams, TABLE_STATE);
  const search = useMemo(
    () => ({
      limit: state.limit,
      offset: state.offset,
      ...(state.sortParam ? { sort: state.sortParam } : {}),
    }),
    [state.limit, state.offset, state.sortParam],
  );
  const lists = useQuery(interventionListsQueryOptions(search));

  const onStateChange = (change: PagedTableChange) =>
    setSearchParams(writeTableState(searchParams, TABLE_STATE, change));

  return (
    <div className="intervention-lists">
      {canEdit && (
        <div className="intervention-lists__actions">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            Create List
          </Button>
        </div>
      )}
      <TableScrollFrame>
        <PagedTable<InterventionList>
          rowKey="id"
          size="small"
          aria-label="Intervention drug lists"
          columns={COLUMNS}
          state={state}
          onStateChange={onStateChange}
          page={lists.data}
          isError={lists.isError}
          loading={lists.isFetching}
          emptyText={<Empty description="No intervention drug lists yet" />}
          showTotal={(count, [from, to]) => totalText(count, from, to, false)}
          scroll={{ x: 'max-content' }}
        />
      </TableScrollFrame>
      {canEdit && <ListWizard open={creating} mode="create" onClose={() => setCreating(false)} />}
    </div>
  );
}
