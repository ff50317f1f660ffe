import { useState } from 'react';
import { Button, Card, Col, Empty, Input, Row, Space, Tag, Typography } from 'antd';
import { WIZARD_KIND_LABELS, type Transformation } from '@pillar/domain';
import {
  TransformationWizard,
  useTransformationPage,
} from '../../entities/transformation/index.ts';
import {
  PagedTable,
  usePagedTableState,
  type PagedTableColumn,
} from '../../shared/search-table/paged-table.tsx';
import { usePageTitle } from '../../shared/page/use-page-title.ts';
import { TransformationForm } from './transformation-form.tsx';
import './transformations-page.css';

type Selection =
  | { mode: 'none' }
  /** The one chosen; kept while another page of the list shows. */
  | { mode: 'existing'; id: number; item: Transformation }
  | { mode: 'new'; draft: { name: string; description: string; expression: string } };

const BLANK_DRAFT = { name: '', description: '', expression: '' };

/**
 * The Transformations page (spec 3 §2), at /data-management/transformations and its evaluate copy:
 * a searchable alphabetical list on the left, paged by the server like the other lists (20, 50 or
 * 100 a page), each with its kind; the selected transformation's form on the right.
 * Create Transformation opens the wizard; a hand-written expression starts from Clone or from the
 * empty form the "New Expression" button gives (decision 0121).
 */
export default function TransformationsPage() {
  usePageTitle('Transformations');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [selection, setSelection] = useState<Selection>({ mode: 'none' });
  const [wizardOpen, setWizardOpen] = useState(false);
  const table = usePagedTableState();
  const list = useTransformationPage(search, table.query);
  const rows = list.data?.data ?? [];
  const selected =
    selection.mode === 'existing'
      ? (rows.find((t) => t.id === selection.id) ?? selection.item)
      : null;
  const select = (item: Transformation) => setSelection({ mode: 'existing', id: item.id, item });
  const searchFor = (text: string) => {
    setSearch(text);
    table.onStateChange({ page: 1, pageSize: table.state.pageSize, sort: null });
  };
  const columns: PagedTableColumn<Transformation>[] = [
    {
      title: 'Name',
      key: 'name',
      render: (_, t) => (
        <Button
          type={selected?.id === t.id ? 'primary' : 'text'}
          aria-pressed={selected?.id === t.id}
          className="transformations-list__name"
          onClick={() => select(t)}
        >
          {t.name}
        </Button>
      ),
    },
    {
      title: 'Kind',
      key: 'kind',
      width: 112,
      render: (_, t) =>
        t.kind !== 'expression' ? (
          <Tag className="transformations-list__kind">{WIZARD_KIND_LABELS[t.kind]}</Tag>
        ) : (
          <Typography.Text type="secondary">Expression</Typography.Text>
        ),
    },
  ];

  const clone = (t: Transformation) =>
    setSelection({
      mode: 'new',
      draft: {
        name: `${t.name}_copy`.slice(0, 100),
        description: t.description,
        expression: t.expression,
      },
    });

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Row justify="space-between" align="middle" gutter={[8, 8]}>
        <Col>
          <Typography.Title level={2} style={{ margin: 0 }}>
            Transformations
          </Typography.Title>
        </Col>
        <Col>
          <Space wrap>
            <Button onClick={() => setSelection({ mode: 'new', draft: BLANK_DRAFT })}>
              New Expression
            </Button>
            <Button disabled={!selected} onClick={() => selected && clone(selected)}>
              Clone Transformation
            </Button>
            <Button type="primary" onClick={() => setWizardOpen(true)}>
              Create Transformation
            </Button>
          </Space>
        </Col>
      </Row>
      <Row gutter={16} wrap={false}>
        <Col flex="380px" style={{ minWidth: 0 }}>
          <Card size="small">
            <Space.Compact style={{ width: '100%', marginBottom: 8 }}>
              <Input
                aria-label="Search transformations"
                placeholder="Name or description"
                value={typed}
                maxLength={100}
                onChange={(e) => setTyped(e.target.value)}
                onPressEnter={() => searchFor(typed.trim())}
              />
              <Button type="primary" onClick={() => searchFor(typed.trim())}>
                Search
              </Button>
            </Space.Compact>
            <Button
              type="link"
              style={{ padding: 0 }}
              onClick={() => {
                setTyped('');
                searchFor('');
              }}
            >
              Clear Filters
            </Button>
            <PagedTable<Transformation>
              rowKey="id"
              size="small"
              aria-label="Transformations"
              className="transformations-list"
              columns={columns}
              state={table.state}
              onStateChange={table.onStateChange}
              page={list.data}
              isError={list.isError}
              loading={list.isFetching}
              showTotal={(count) => `${count} in all`}
            />
          </Card>
        </Col>
        <Col flex="auto" style={{ minWidth: 0 }}>
          <Card size="small">
            {selection.mode === 'none' || (selection.mode === 'existing' && !selected) ? (
              <Empty description="Select a transformation, or create one" />
            ) : (
              <TransformationForm
                transformation={selected}
                draft={selection.mode === 'new' ? selection.draft : undefined}
                onSaved={select}
              />
            )}
          </Card>
        </Col>
      </Row>
      <TransformationWizard
        open={wizardOpen}
        onClose={() => setWizardOpen(false)}
        onCreated={select}
      />
    </Space>
  );
}
