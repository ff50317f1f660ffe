import { Table } from 'antd';
import { formatDate, type MeddSubsidy } from '@pillar/domain';
import { useMeddSubsidies } from '../../entities/organization/index.ts';
import { PanelCard } from '../../shared/page/panel-card.tsx';

/** Med D Subsidy: shown only when the organization has subsidy records (spec 1 §2). */
export function MeddSubsidyPanel({ orgId }: { orgId: number }) {
  const subsidies = useMeddSubsidies(orgId);
  if (!subsidies.data || subsidies.data.totalCount === 0) return null;
  return (
    <PanelCard title="Med D Subsidy">
      <Table<MeddSubsidy>
        rowKey="medDSubsidyNo"
        size="small"
        dataSource={subsidies.data.data}
        pagination={false}
        columns={[
          { title: 'Application ID', dataIndex: 'applicationId' },
          {
            title: 'Application Date',
            dataIndex: 'applicationDate',
            render: (date: string) => formatDate(date),
          },
          { title: 'UBOI', dataIndex: 'uboi', render: (uboi: string | null) => uboi ?? '' },
        ]}
      />
    </PanelCard>
  );
}
