import { PRODUCT_NAME } from '@store-cloud/contracts';
import type { ReactNode } from 'react';
import { Card, Col, Container, Row } from 'react-bootstrap';
import { Logo } from '../../ui/Logo';

/** The sign-in screens' frame: a card in the middle of the page, the logo and name on top. */
export function LoginCard({ children }: { children: ReactNode }) {
  return (
    <Container className="min-vh-100 d-flex align-items-center py-4">
      <Row className="w-100 justify-content-center mx-0">
        <Col xs={12} sm={10} md={7} lg={5} xl={4}>
          <Card className="shadow-sm">
            <Card.Body className="p-4">
              <div className="d-flex align-items-center gap-2 mb-4">
                <Logo size={44} />
                <h1 className="h4 mb-0">{PRODUCT_NAME}</h1>
              </div>
              {children}
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </Container>
  );
}
