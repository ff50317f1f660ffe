import { Alert, Button, Popconfirm, Space, Spin, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import type { PriceFile } from '@pillar/domain';
import { describeError } from '../../../shared/notifications/notify.ts';
import {
  useActivatePriceFile,
  useDeletePriceFile,
  useLoadPriceFile,
  usePriceFiles,
} from '../../../entities/rate-card/index.ts';
import { formatInstant } from '../time-since.ts';

/** The bad rows of the last load: row, field and message (the first 100; all are counted). */
function LoadResult({ file }: { file: PriceFile }) {
  return (
    <Alert
      type={file.rowsBad > 0 ? 'warning' : 'success'}
      showIcon
      title={`${file.fileName}: ${file.rowsLoaded} price rows loaded (${file.layout} layout), ${file.rowsBad} bad rows`}
      description={
        file.badRows.length > 0 && (
          <Table
            size="small"
            rowKey={(r) => `${r.row}-${r.field}`}
            pagination={false}
            dataSource={file.badRows}
            aria-label="Bad rows"
            columns={[
              { title: 'Row', dataIndex: 'row' },
              { title: 'Field', dataIndex: 'field' },
              { title: 'Message', dataIndex: 'message' },
            ]}
          />
        )
      }
    />
  );
}

/**
 * The Price files tab of the Rate Cards page (issue 19, decision 0147): load a CSV in the NADAC
 * or AWP layout, see the files with the active one, make another active or delete one. The FA
 * job prices claims without their own AWP from the active file.
 */
export function PriceFilesTab() {
  const files = usePriceFiles();
  const load = useLoadPriceFile();
  const activate = useActivatePriceFile();
  const remove = useDeletePriceFile();
  const [last, setLast] = useState<PriceFile | null>(null);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Paragraph>
        Claims without their own AWP are priced from the active price file: a CSV in the public
        NADAC layout (NDC, NADAC Per Unit, Effective Date, …) or the AWP layout (NDC, Effective
        Date, AWP Unit Price). The newest load is active unless you make another one active.
      </Typography.Paragraph>
      <Upload
        accept=".csv"
        showUploadList={false}
        customRequest={({ file }) => {
          load.mutate(file as File, { onSuccess: (loaded) => setLast(loaded as PriceFile) });
        }}
      >
        <Button type="primary" loading={load.isPending}>
          Load price file
        </Button>
      </Upload>
      {load.isError && (
        <Alert
          type="error"
          showIcon
          title="The price file was not loaded."
          description={describeError(load.error).description}
        />
      )}
      {last && <LoadResult file={last} />}
      {files.isError ? (
        <Alert
          type="error"
          showIcon
          title="The price files could not be loaded."
          description={describeError(files.error).description}
        />
      ) : !files.data ? (
        <Spin />
      ) : (
        <Table
          rowKey="id"
          aria-label="Price files"
          pagination={false}
          dataSource={files.data.files}
          locale={{ emptyText: 'No price file is loaded: claims without AWP are excluded' }}
          columns={[
            {
              title: 'File',
              dataIndex: 'fileName',
              render: (name: string, f) => (
                <>
                  {name} {f.active && <Tag color="green">Active</Tag>}
                </>
              ),
            },
            { title: 'Layout', dataIndex: 'layout' },
            { title: 'Price rows', dataIndex: 'rowsLoaded' },
            { title: 'Bad rows', dataIndex: 'rowsBad' },
            {
              title: 'Loaded',
              dataIndex: 'loadedAt',
              render: (at: string, f) => `${formatInstant(at)} by ${f.loadedByName ?? 'unknown'}`,
            },
            {
              title: 'Actions',
              key: 'actions',
              render: (_, f) => (
                <Space>
                  {!f.active && (
                    <Button size="small" onClick={() => activate.mutate(f.id)}>
                      Make active
                    </Button>
                  )}
                  <Popconfirm
                    title={`Delete ${f.fileName} and its prices?`}
                    onConfirm={() => remove.mutate(f.id)}
                  >
                    <Button size="small" danger>
                      Delete
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      )}
    </Space>
  );
}
