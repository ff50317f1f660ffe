import { LoginOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useRuntimeConfig } from '../../shared/config/runtime-config.ts';
import { usePageTitle } from '../../shared/page/use-page-title.ts';
import { PublicLayout } from '../layout/public-layout.tsx';

const AUDIENCES = [
  {
    title: 'Account teams',
    text: 'Keep organizations, groups, members and dependents right, and answer eligibility questions with the full history at hand.',
  },
  {
    title: 'Brokers and employers',
    text: 'See the organizations you look after, manage eligibility, share files securely and download invoices.',
  },
  {
    title: 'Member services',
    text: 'Find a member fast, see coverage and prior authorizations, and record every call in one place.',
  },
];

/** /welcome: the public front door. */
export function WelcomePage() {
  usePageTitle('Welcome');
  const { productTitle } = useRuntimeConfig();
  const navigate = useNavigate();
  return (
    <PublicLayout>
      <section className="welcome-hero">
        <Typography.Title level={1}>Welcome to {productTitle}</Typography.Title>
        <Typography.Paragraph className="welcome-lead">
          {productTitle} is the portal of your pharmacy-benefit administrator: one place to manage
          eligibility, members and ID cards, share files, and configure clinical programs.
        </Typography.Paragraph>
        <Button
          type="primary"
          size="large"
          icon={<LoginOutlined />}
          onClick={() => void navigate('/login')}
        >
          Sign in
        </Button>
      </section>
      <section aria-labelledby="welcome-audiences">
        <Typography.Title level={2} id="welcome-audiences" className="welcome-subtitle">
          Who uses {productTitle}
        </Typography.Title>
        <Row gutter={[16, 16]}>
          {AUDIENCES.map((audience) => (
            <Col xs={24} md={8} key={audience.title}>
              <Card>
                <Typography.Title level={3} className="welcome-card-title">
                  {audience.title}
                </Typography.Title>
                <Typography.Paragraph>{audience.text}</Typography.Paragraph>
              </Card>
            </Col>
          ))}
        </Row>
      </section>
    </PublicLayout>
  );
}
