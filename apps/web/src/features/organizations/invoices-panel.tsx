import { Alert, Button, Table } from 'antd';
import { useState } from 'react';
import { type InvoiceConfig } from '@pillar/domain';
import { describeError } from '../../shared/notifications/notify.ts';
import { useInvoiceConfigs } from '../../entities/organization/index.ts';
import { InvoiceHistoryDrawer } from './invoice-history-drawer.tsx';
import { PanelCard } from '../../shared/page/panel-card.tsx';

/** Invoices: the invoice configurations, each opening its Invoice History (spec 1 §2). */
export function InvoicesPanel({ orgId }: { orgId: number }) {
  const configs = useInvoiceConfigs(orgId);
  const [open, setOpen] = useState<InvoiceConfig | null>(null);
  return (
    <PanelCard title="Invoices">
      {configs.isError && (
        <Alert
          type="error"
          showIcon
          title="The invoices could not be loaded."
          description={describeError(configs.error).description}
        />
      )}
      <Table<InvoiceConfig>
        rowKey="invoiceConfigNo"
        size="middle"
        loading={configs.isFetching}
        dataSource={configs.data?.data ?? []}
        pagination={false}
        locale={{ emptyText: 'No invoices are set up for this organization.' }}
        columns={[
          { title: 'Invoice', dataIndex: 'name' },
          { title: 'Distribution', dataIndex: 'distributionMethod' },
          {
            title: 'History',
            key: 'history',
            render: (_: unknown, config) => (
              <Button
                type="link"
                className="table-link"
                aria-label={`View Invoices of ${config.name}`}
                onClick={() => setOpen(config)}
              >
                View Invoices
              </Button>
            ),
          },
        ]}
      />
      <InvoiceHistoryDrawer orgId={orgId} config={open} onClose={() => setOpen(null)} />
    </PanelCard>
  );
}
