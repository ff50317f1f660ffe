import { Alert, Descriptions, Skeleton, Table, Typography } from 'antd';
import { formatNdc, type DrugDetail } from '@pillar/domain';
import { AppDrawer } from '../../../shared/drawer/app-drawer.tsx';
import { describeError } from '../../../shared/notifications/notify.ts';
import { TableScrollFrame } from '../../../shared/table-scroll/table-scroll-frame.tsx';
import { useDrugSearch } from '../api/search-drugs.ts';
import './drug-search-select.css';

/** How many of a class's packages the drawer lists (the drug search's largest page). */
export const DRUG_DRAWER_PACKAGES = 100;

export interface DrugDrawerProps {
  /** The class code (gpi_10) to show; null keeps the drawer closed. */
  code: string | null;
  onClose: () => void;
}

/**
 * One drug class from the drug reference: its code, name and subclass, and its packages (NDC
 * 5-4-2, product, strength, form, labeler, brand or generic) — what the clinical header's search
 * opens for a drug (decision 0108). The packages are the drug search by the class code.
 */
export function DrugDrawer({ code, onClose }: DrugDrawerProps) {
  const packages = useDrugSearch(
    { q: code ?? '', sort: 'ndc:desc', offset: 0, limit: DRUG_DRAWER_PACKAGES },
    code !== null,
  );
  const rows = (packages.data?.data ?? []).filter((drug) => drug.gpi_10 === code);
  const first = rows[0];
  return (
    <AppDrawer
      open={code !== null}
      onClose={onClose}
      size="wide"
      title={first ? `${code} · ${first.nonproprietary_name}` : `Drug ${code ?? ''}`}
    >
      {packages.isError ? (
        <Alert
          type="error"
          showIcon
          title="This drug could not be loaded."
          description={describeError(packages.error).description}
        />
      ) : !packages.data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : !first ? (
        <Typography.Paragraph>
          No packages of this drug are in the drug reference.
        </Typography.Paragraph>
      ) : (
        <>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'code', label: 'Class code', children: code },
              { key: 'name', label: 'Drug', children: first.nonproprietary_name },
              { key: 'class', label: 'Subclass', children: first.class_name ?? '—' },
              {
                key: 'count',
                label: 'Packages',
                children:
                  rows.length < DRUG_DRAWER_PACKAGES
                    ? String(rows.length)
                    : `the newest ${DRUG_DRAWER_PACKAGES}`,
              },
            ]}
          />
          <Typography.Title level={2} className="drug-drawer__heading">
            Packages
          </Typography.Title>
          <TableScrollFrame>
            <Table<DrugDetail>
              size="small"
              rowKey="ndc"
              dataSource={rows}
              pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
              scroll={{ x: 660 }}
              columns={[
                {
                  key: 'ndc',
                  title: 'NDC',
                  fixed: 'start',
                  width: 130,
                  render: (_, drug) => formatNdc(drug.ndc),
                },
                {
                  key: 'name',
                  title: 'Product',
                  render: (_, drug) => (
                    <>
                      {drug.drug_name}
                      <br />
                      <Typography.Text type="secondary">{drug.dosage_form}</Typography.Text>
                    </>
                  ),
                },
                { key: 'labeler', title: 'Labeler', dataIndex: 'labeler' },
                {
                  key: 'type',
                  title: 'Brand or Generic',
                  render: (_, drug) => (drug.brand_generic === 'brand' ? 'Brand' : 'Generic'),
                },
                { key: 'package', title: 'Package', dataIndex: 'package_description' },
              ]}
            />
          </TableScrollFrame>
        </>
      )}
    </AppDrawer>
  );
}
