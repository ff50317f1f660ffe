import { Link } from 'react-router';
import {
  dependentPath,
  employeePath,
  formatDate,
  type DependentSearchRow,
  type EmployeeSearchRow,
} from '@pillar/domain';
import { type SearchTableColumn } from '../../../shared/search-table/search-table.tsx';
import { StatusTag } from '../../../shared/status/status-tag.tsx';
import './member-search.css';

const date = (value: string | null) => formatDate(value);

/** Long organization names are cut short (whole in the tooltip), so Status stays in sight. */
const organizationName = (name: string) => (
  <span className="member-organization-name" title={name}>
    {name}
  </span>
);

/**
 * Employee columns (spec 1 §2): across organizations Name, Organization, Generated ID, Client ID,
 * Birthdate, Effective Date, Status; on an organization's Members tab Group replaces
 * Organization. Names open the member page.
 */
export function employeeColumns(where: 'organizations' | 'organization') {
  const columns: SearchTableColumn<EmployeeSearchRow>[] = [
    {
      title: 'Name',
      dataIndex: 'name',
      sortField: 'name',
      render: (name: string, row) => (
        <Link to={employeePath(row.organizationNo, row.employeeNo)}>{name}</Link>
      ),
    },
    where === 'organizations'
      ? {
          title: 'Organization',
          dataIndex: 'organizationName',
          sortField: 'organizationName',
          render: organizationName,
        }
      : { title: 'Group', dataIndex: 'groupName', sortField: 'groupName' },
    { title: 'Generated ID', dataIndex: 'generatedId', sortField: 'generatedId' },
    { title: 'Client ID', dataIndex: 'clientId', sortField: 'clientId' },
    { title: 'Birthdate', dataIndex: 'birthdate', sortField: 'birthdate', render: date },
    {
      title: 'Effective Date',
      dataIndex: 'effectiveDate',
      sortField: 'effectiveDate',
      render: date,
    },
    {
      title: 'Status',
      dataIndex: 'processStatus',
      sortField: 'processStatus',
      // Pinned: where the columns outgrow the window (1024 px), the status stays in sight.
      fixed: 'right',
      render: (status: number, row) => (
        <StatusTag status={status} expirationDate={row.expirationDate} />
      ),
    },
  ];
  return columns;
}

/**
 * Dependent columns (spec 1 §2): Name, Organization (across organizations only), Birthdate,
 * Effective Date, Status. Names open the dependent page under its member.
 */
export function dependentColumns(where: 'organizations' | 'organization') {
  const columns: SearchTableColumn<DependentSearchRow>[] = [
    {
      title: 'Name',
      dataIndex: 'name',
      sortField: 'name',
      render: (name: string, row) => (
        <Link to={dependentPath(row.organizationNo, row.employeeNo, row.dependentNo)}>{name}</Link>
      ),
    },
    ...(where === 'organizations'
      ? [
          {
            title: 'Organization',
            dataIndex: 'organizationName',
            sortField: 'organizationName',
            render: organizationName,
          } satisfies SearchTableColumn<DependentSearchRow>,
        ]
      : []),
    { title: 'Birthdate', dataIndex: 'birthdate', sortField: 'birthdate', render: date },
    {
      title: 'Effective Date',
      dataIndex: 'effectiveDate',
      sortField: 'effectiveDate',
      render: date,
    },
    {
      title: 'Status',
      dataIndex: 'processStatus',
      sortField: 'processStatus',
      // Pinned: where the columns outgrow the window (1024 px), the status stays in sight.
      fixed: 'right',
      render: (status: number, row) => (
        <StatusTag status={status} expirationDate={row.expirationDate} />
      ),
    },
  ];
  return columns;
}
