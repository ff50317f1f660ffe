import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Radio, Select, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  IMPORTER_TYPES,
  IMPORT_SCHEMA_MESSAGES,
  IMPORT_SCHEMA_NAME_MAX_LENGTH,
  PERMISSIONS,
  IMPORT_PROCESS_STATUSES,
  canEditImportSchema,
  type ImportSchemaScope,
  type ImportSchemaSummary,
} from '@pillar/domain';
import { usePageTitle } from '../../shared/page/use-page-title.ts';
import { PermissionGate } from '../../shared/permissions/permission-gate.tsx';
import { usePermissions } from '../../shared/permissions/user-access.ts';
import { SearchTable, type SearchTableColumn } from '../../shared/search-table/search-table.tsx';
import { tableKey, type SearchParams } from '../../shared/search-table/search-table-state.ts';
import {
  ConfigDetailsModal,
  ImportSchemaStatusTag,
  listImportSchemasQueryOptions,
} from '../../entities/import-schema/index.ts';
import { CREATE_SCHEMA_PATH, editSchemaPath, schemaPath } from './paths.ts';
import { OrganizationSelect } from '../../entities/organization/index.ts';
import './data-management.css';

const PREFIX = 'ei';
const FILTER_NAMES = ['name', 'importerType', 'orgID', 'processStatus'] as const;
const IMPORTER_OPTIONS = IMPORTER_TYPES.map((t) => ({ value: String(t.code), label: t.label }));
const STATUS_OPTIONS = IMPORT_PROCESS_STATUSES.map((s) => ({
  value: String(s.code),
  label: s.label,
}));

/** Spec 3 §2: the scope is read from the query string, 'my' unless it says 'all'. */
export function scopeOf(params: URLSearchParams): ImportSchemaScope {
  return params.get('scope') === 'all' ? 'all' : 'my';
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
function code(value: unknown): number | undefined {
  const n = Number(value);
  return typeof value === 'string' && value !== '' && Number.isInteger(n) ? n : undefined;
}

/** /data-management/eligibility-imports (spec 3 §2 "Imports list"). */
export default function ImportsListPage() {
  usePageTitle('Imports');
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const scope = scopeOf(searchParams);
  const { claims, permissions } = usePermissions();
  const [usages, setUsages] = useState<ImportSchemaSummary | null>(null);

  const toSearch = ({ filters, limit, offset, sortParam }: SearchParams) =>
    listImportSchemasQueryOptions({
      scope,
      name: text(filters.name),
      importerType: code(filters.importerType),
      orgID: code(filters.orgID),
      processStatus: code(filters.processStatus),
      limit,
      offset,
      sort: sortParam,
    });

  const changeScope = (next: ImportSchemaScope) => {
    const params = new URLSearchParams(searchParams);
    params.set('scope', next);
    // Another scope is another list: start it at its first page.
    params.delete(tableKey(PREFIX, 'page'));
    setSearchParams(params);
  };

  const columns: SearchTableColumn<ImportSchemaSummary>[] = [
    {
      title: 'Name',
      dataIndex: 'name',
      sortField: 'name',
      render: (name: string, row) => <Link to={schemaPath(row.id)}>{name}</Link>,
    },
    {
      title: 'Importer Type',
      dataIndex: 'importerTypeDesc',
      sortField: 'importerType',
    },
    {
      title: 'Status',
      dataIndex: 'processStatus',
      sortField: 'processStatus',
      render: (_: number, row) => <ImportSchemaStatusTag status={row.processStatus} />,
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_: unknown, row) =>
        row.schemaUsed > 0 ? (
          <Button
            type="link"
            size="small"
            className="imports-list__usages"
            aria-label={`${IMPORT_SCHEMA_MESSAGES.findUsages} of ${row.name}`}
            onClick={() => setUsages(row)}
          >
            {IMPORT_SCHEMA_MESSAGES.findUsages}
          </Button>
        ) : (
          <Tag className="imports-list__unused">{IMPORT_SCHEMA_MESSAGES.notYetUtilized}</Tag>
        ),
    },
    {
      title: <span className="sr-only">Edit</span>,
      key: 'edit',
      width: 64,
      render: (_: unknown, row) =>
        canEditImportSchema({ userNo: claims.userNo, permissions }, row) ? (
          <Tooltip title="Edit">
            <Link to={editSchemaPath(row.id)} aria-label={`Edit ${row.name}`}>
              <EditOutlined />
            </Link>
          </Tooltip>
        ) : null,
    },
  ];

  return (
    <section className="page">
      <header className="imports-header">
        <Typography.Title level={1}>Imports</Typography.Title>
        <PermissionGate rule={{ allOf: [PERMISSIONS.eligibilityImportCreate] }}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => void navigate(CREATE_SCHEMA_PATH)}
          >
            Create Import Schema
          </Button>
        </PermissionGate>
      </header>
      <Radio.Group
        aria-label="Schemas shown"
        className="imports-scope"
        optionType="button"
        value={scope}
        onChange={(event) => changeScope(event.target.value as ImportSchemaScope)}
        options={[
          { value: 'my', label: 'Show My Schemas' },
          { value: 'all', label: 'Show All Schemas' },
        ]}
      />
      <SearchTable
        prefix={PREFIX}
        filterNames={FILTER_NAMES}
        searchLabel="Import schema search"
        columns={columns}
        rowKey="id"
        queryOptions={toSearch}
        emptyText={<span className="schema-attachments__empty">No import schemas</span>}
        filters={
          <>
            <Form.Item
              label="Name"
              name="name"
              rules={[
                { max: IMPORT_SCHEMA_NAME_MAX_LENGTH, message: IMPORT_SCHEMA_MESSAGES.nameTooLong },
              ]}
            >
              <Input allowClear autoComplete="off" />
            </Form.Item>
            <Form.Item label="Importer Type" name="importerType">
              <Select allowClear options={IMPORTER_OPTIONS} placeholder="Any importer type" />
            </Form.Item>
            <Form.Item label="Organization" name="orgID">
              <OrganizationSelect />
            </Form.Item>
            <Form.Item label="Status" name="processStatus">
              <Select allowClear options={STATUS_OPTIONS} placeholder="Any status" />
            </Form.Item>
          </>
        }
      />
      <ConfigDetailsModal schema={usages} onClose={() => setUsages(null)} />
    </section>
  );
}
