import { LoginOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Row, Skeleton, Typography } from 'antd';
import { PublicLayout } from '../../app/layout/public-layout.tsx';
import { describeError } from '../../shared/notifications/notify.ts';
import { usePageTitle } from '../../shared/page/use-page-title.ts';
import { useSessionSettings } from '../../entities/user/index.ts';

/**
 * /landing (spec 2 §1): choose between the two products, the legacy portal and Pillar, each
 * card linking to its own sign-in. The links are configured on the server.
 */
export default function LandingPage() {
  usePageTitle('Choose a Portal');
  const settings = useSessionSettings();
  return (
    <PublicLayout>
      <section className="welcome-hero">
        <Typography.Title level={1}>Choose your portal</Typography.Title>
        <Typography.Paragraph className="welcome-lead">
          Some tools are still in the earlier portal while the rest have moved to Pillar. Choose
          where you want to sign in.
        </Typography.Paragraph>
      </section>
      {settings.isError && (
        <Alert
          type="error"
          showIcon
          title="The portals could not be loaded."
          description={describeError(settings.error).description}
        />
      )}
      {!settings.data && !settings.isError && <Skeleton active />}
      <Row gutter={[16, 16]}>
        {settings.data?.landing.products.map((product) => (
          <Col xs={24} md={12} key={product.key}>
            <Card>
              <Typography.Title level={2} className="welcome-card-title">
                {product.title}
              </Typography.Title>
              <Typography.Paragraph>{product.description}</Typography.Paragraph>
              <Button type="primary" icon={<LoginOutlined />} href={product.loginUrl}>
                Log in to {product.title}
              </Button>
            </Card>
          </Col>
        ))}
      </Row>
    </PublicLayout>
  );
}
