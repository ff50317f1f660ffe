import { Alert, Button, Form, Input, Space, Table, type TableColumnType } from 'antd';
import { useState } from 'react';
import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZE_OPTIONS,
  REPORT_PERMISSIONS,
  formatDate,
  formatUsd,
  invoiceTypeLabel,
  offsetOfPage,
  type Invoice,
  type InvoiceConfig,
  type ReportFormat,
  type ReportType,
} from '@pillar/domain';
import { AppDrawer } from '../../shared/drawer/app-drawer.tsx';
import { describeError } from '../../shared/notifications/notify.ts';
import { usePermissions } from '../../shared/permissions/user-access.ts';
import { useDownloadInvoiceReport, useInvoices } from '../../entities/organization/index.ts';

/** The download columns and the formats each offers (spec 1 §2: Invoice PDF, Summary and
 * Detail as PDF or CSV, the claim extract where the configuration supports it). */
const DOWNLOADS: { type: ReportType; title: string; formats: [ReportFormat, string][] }[] = [
  {
    type: 'Invoice',
    title: 'Invoice',
    formats: [
      ['PDF', 'PDF'],
      ['Excel', 'Excel'],
    ],
  },
  {
    type: 'Summary',
    title: 'Summary',
    formats: [
      ['PDF', 'PDF'],
      ['Text', 'CSV'],
    ],
  },
  {
    type: 'Detail',
    title: 'Detail',
    formats: [
      ['PDF', 'PDF'],
      ['Text', 'CSV'],
    ],
  },
  {
    type: 'InvoiceClaimExtract',
    title: 'Claim Extract',
    formats: [
      ['Excel', 'Excel'],
      ['Text', 'CSV'],
    ],
  },
];

function InvoiceHistory({ orgId, config }: { orgId: number; config: InvoiceConfig }) {
  const { can } = usePermissions();
  const [form] = Form.useForm<{ invoiceNo?: string }>();
  const [invoiceNo, setInvoiceNo] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const invoices = useInvoices(orgId, {
    invoiceConfigNo: config.invoiceConfigNo,
    invoiceNo,
    limit: pageSize,
    offset: offsetOfPage(page, pageSize),
  });
  const download = useDownloadInvoiceReport();
  const busy = download.isPending ? download.variables : undefined;

  const downloadColumns: TableColumnType<Invoice>[] = DOWNLOADS.filter(
    (d) =>
      can({ allOf: [REPORT_PERMISSIONS[d.type]] }) &&
      (d.type !== 'InvoiceClaimExtract' || config.supportsICE),
  ).map((d) => ({
    title: d.title,
    key: d.type,
    render: (_: unknown, invoice: Invoice) => (
      <div className="org-downloads">
        {d.formats.map(([format, label]) => (
          <Button
            key={format}
            size="small"
            aria-label={`${d.title} ${label} of invoice ${invoice.invoiceNo}`}
            loading={
              busy?.invoiceNo === invoice.invoiceNo &&
              busy.type === d.type &&
              busy.format === format
            }
            onClick={() =>
              download.mutate({
                orgId,
                invoiceNo: invoice.invoiceNo,
                invoiceDate: invoice.invoiceDate,
                type: d.type,
                format,
              })
            }
          >
            {label}
          </Button>
        ))}
      </div>
    ),
  }));

  return (
    <>
      <Form
        form={form}
        name="invoiceHistory"
        layout="inline"
        aria-label="Invoice search"
        className="org-invoice-search"
        onFinish={(values) => {
          setInvoiceNo(values.invoiceNo?.trim() || undefined);
          setPage(1);
        }}
      >
        <Form.Item
          label="Invoice Number"
          name="invoiceNo"
          rules={[{ pattern: /^\s*\d{0,10}\s*$/, message: 'Invoice Number must be digits' }]}
        >
          <Input allowClear autoComplete="off" inputMode="numeric" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            Search
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setInvoiceNo(undefined);
              setPage(1);
            }}
          >
            Clear Filters
          </Button>
        </Space>
      </Form>
      {invoices.isError && (
        <Alert
          type="error"
          showIcon
          title="The invoices could not be loaded."
          description={describeError(invoices.error).description}
        />
      )}
      <Table<Invoice>
        rowKey="invoiceNo"
        size="middle"
        loading={invoices.isFetching}
        dataSource={invoices.data?.data ?? []}
        scroll={{ x: 'max-content', y: 600 }}
        locale={{ emptyText: invoiceNo ? 'No invoice has that number.' : 'No invoices yet.' }}
        pagination={{
          current: page,
          pageSize,
          total: invoices.data?.totalCount ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
          onChange: (next, size) => {
            setPage(size !== pageSize ? 1 : next);
            setPageSize(size);
          },
          showTotal: (count) => `${count} invoices`,
        }}
        columns={[
          { title: 'Invoice Number', dataIndex: 'invoiceNo' },
          {
            title: 'Date',
            dataIndex: 'invoiceDate',
            render: (date: string) => formatDate(date),
          },
          {
            title: 'Type',
            dataIndex: 'isTria',
            render: (isTria: boolean) => invoiceTypeLabel(isTria),
          },
          {
            title: 'Total',
            dataIndex: 'totalAmount',
            align: 'right',
            render: (amount: string) => formatUsd(amount),
          },
          ...downloadColumns,
        ]}
      />
    </>
  );
}

/** Invoice History (55%, spec 1 §2 and §9). */
export function InvoiceHistoryDrawer({
  orgId,
  config,
  onClose,
}: {
  orgId: number;
  config: InvoiceConfig | null;
  onClose: () => void;
}) {
  return (
    <AppDrawer
      size="wide"
      title={config ? `Invoice History: ${config.name}` : 'Invoice History'}
      open={config !== null}
      onClose={onClose}
    >
      {config && <InvoiceHistory orgId={orgId} config={config} />}
    </AppDrawer>
  );
}
