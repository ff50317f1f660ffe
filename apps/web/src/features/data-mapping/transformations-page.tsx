import { useMemo, useState } from 'react';
import { Button, Card, Col, Empty, Input, List, Row, Space, Tag, Typography } from 'antd';
import { WIZARD_KIND_LABELS, type Transformation } from '@pillar/domain';
import { TransformationWizard, useTransformations } from '../../entities/transformation/index.ts';
import { usePageTitle } from '../../shared/page/use-page-title.ts';
import { TransformationForm } from './transformation-form.tsx';

type Selection =
  | { mode: 'none' }
  | { mode: 'existing'; id: number }
  | { mode: 'new'; draft: { name: string; description: string; expression: string } };

const BLANK_DRAFT = { name: '', description: '', expression: '' };

/**
 * The Transformations page (spec 3 §2), at /data-management/transformations and its evaluate copy:
 * a searchable alphabetical list on the left, the selected transformation's form on the right.
 * Create Transformation opens the wizard; a hand-written expression starts from Clone or from the
 * empty form the "New Expression" button gives (decision 0121).
 */
export default function TransformationsPage() {
  usePageTitle('Transformations');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [selection, setSelection] = useState<Selection>({ mode: 'none' });
  const [wizardOpen, setWizardOpen] = useState(false);
  const list = useTransformations(search);
  const rows = useMemo(() => list.data?.data ?? [], [list.data]);
  const selected =
    selection.mode === 'existing' ? (rows.find((t) => t.id === selection.id) ?? null) : null;

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
        <Col flex="320px">
          <Card size="small">
            <Space.Compact style={{ width: '100%', marginBottom: 8 }}>
              <Input
                aria-label="Search transformations"
                placeholder="Name or description"
                value={typed}
                maxLength={100}
                onChange={(e) => setTyped(e.target.value)}
                onPressEnter={() => setSearch(typed.trim())}
              />
              <Button type="primary" onClick={() => setSearch(typed.trim())}>
                Search
              </Button>
            </Space.Compact>
            <Button
              type="link"
              style={{ padding: 0 }}
              onClick={() => {
                setTyped('');
                setSearch('');
              }}
            >
              Clear Filters
            </Button>
            {list.data && list.data.totalCount > rows.length && (
              <Typography.Paragraph type="secondary">
                The first {rows.length} of {list.data.totalCount}: search to narrow the list.
              </Typography.Paragraph>
            )}
            <List
              aria-label="Transformations"
              loading={list.isPending}
              dataSource={rows}
              style={{ maxHeight: 560, overflowY: 'auto' }}
              renderItem={(t) => (
                <List.Item
                  style={{ padding: '4px 0' }}
                  extra={
                    t.kind !== 'expression' ? <Tag>{WIZARD_KIND_LABELS[t.kind]}</Tag> : undefined
                  }
                >
                  <Button
                    type={selected?.id === t.id ? 'primary' : 'text'}
                    aria-pressed={selected?.id === t.id}
                    style={{ textAlign: 'left', whiteSpace: 'normal', height: 'auto' }}
                    onClick={() => setSelection({ mode: 'existing', id: t.id })}
                  >
                    {t.name}
                  </Button>
                </List.Item>
              )}
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
                onSaved={(saved) => setSelection({ mode: 'existing', id: saved.id })}
              />
            )}
          </Card>
        </Col>
      </Row>
      <TransformationWizard
        open={wizardOpen}
        onClose={() => setWizardOpen(false)}
        onCreated={(created) => setSelection({ mode: 'existing', id: created.id })}
      />
    </Space>
  );
}
