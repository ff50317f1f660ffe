import { Alert, Modal, Table } from 'antd';
import { useState } from 'react';
import {
  DEFAULT_PAGE_SIZE,
  IMPORT_SCHEMA_MESSAGES,
  PAGE_SIZE_OPTIONS,
  type ImportConfiguration,
} from '@pillar/domain';
import { describeError } from '../../../shared/notifications/notify.ts';
import { useSchemaConfigs } from '../api/schema-configs.ts';

export interface ConfigDetailsModalProps {
  /** The schema whose usages are shown; null keeps the modal closed. */
  schema: { id: number; name: string } | null;
  onClose: () => void;
}

/**
 * Find Usage(s) (spec 3 §2 "Imports list", §3 "Config detail"): the import configurations that
 * read their organization's files with this schema, paged by the server.
 */
export function ConfigDetailsModal({ schema, onClose }: ConfigDetailsModalProps) {
  return (
    <Modal
      open={schema !== null}
      title={IMPORT_SCHEMA_MESSAGES.configDetailsTitle}
      onCancel={onClose}
      footer={null}
      width={760}
      destroyOnHidden
    >
      {schema && <ConfigDetailsTable key={schema.id} schemaNo={schema.id} />}
    </Modal>
  );
}

function ConfigDetailsTable({ schemaNo }: { schemaNo: number }) {
  const [page, setPage] = useState({ current: 1, size: DEFAULT_PAGE_SIZE });
  const configs = useSchemaConfigs(schemaNo, {
    limit: page.size,
    offset: (page.current - 1) * page.size,
    sort: 'eicName:asc',
  });
  if (configs.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title="The configurations could not be loaded."
        description={describeError(configs.error).description}
      />
    );
  }
  return (
    <Table<ImportConfiguration>
      size="small"
      rowKey="eicNo"
      aria-label="Config Details"
      loading={configs.isFetching}
      dataSource={configs.data?.data ?? []}
      pagination={{
        current: page.current,
        pageSize: page.size,
        total: configs.data?.totalCount ?? 0,
        pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
        hideOnSinglePage: true,
        onChange: (current, size) => setPage({ current, size }),
      }}
      columns={[
        { title: 'Config Name', dataIndex: 'eicName' },
        { title: 'Config Status', dataIndex: 'eicStatusDescription' },
        { title: 'Organization', dataIndex: 'orgName' },
        { title: 'Organization Status', dataIndex: 'orgStatusDescription' },
      ]}
    />
  );
}
