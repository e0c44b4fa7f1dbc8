import { ROUTES } from '@store-cloud/contracts';
import { useState } from 'react';
import { Alert, Button, Card, Col, Container, Row } from 'react-bootstrap';
import { Navigate } from 'react-router-dom';
import { useLogout } from '../../app/useLogout';
import { useSession } from '../../auth/useSession';
import { Logo } from '../../ui/Logo';
import { Passkeys } from './Passkeys';
import { TwoStepSignIn } from './TwoStepSignIn';
import { mfaTextSet, passkeyTextSet } from '../../i18n/sets/users';
import { useTexts } from '../../i18n/useTexts';

/**
 * MFA_REQUIRED_ROLES (issue 27): a user whose type needs a second factor and has none lands here
 * right after the password, without the shell; the backend answers its token nothing else. Once
 * set up, it signs in again, now with the second factor.
 */
export function MfaEnrolPage() {
  const session = useSession();
  const mfa = useTexts(mfaTextSet);
  const passkey = useTexts(passkeyTextSet);
  const logout = useLogout();
  const [enrolled, setEnrolled] = useState(false);
  if (!session) return <Navigate to={ROUTES.login} replace />;
  if (!session.mfaEnrolment) return <Navigate to={ROUTES.home} replace />;
  return (
    <Container className="min-vh-100 d-flex align-items-center py-4">
      <Row className="w-100 justify-content-center mx-0">
        <Col xs={12} sm={10} md={8} lg={6}>
          <Card className="shadow-sm">
            <Card.Body className="p-4">
              <div className="d-flex align-items-center gap-2 mb-3">
                <Logo size={44} />
                <h1 className="h4 mb-0">{mfa.enrolTitle}</h1>
              </div>
              {enrolled ? (
                <>
                  <Alert variant="success">{mfa.enabled}</Alert>
                  <Button className="w-100" onClick={logout}>
                    {mfa.signInAgain}
                  </Button>
                </>
              ) : (
                <>
                  <p>{mfa.enrolNote}</p>
                  <TwoStepSignIn onEnrolled={() => setEnrolled(true)} />
                  <h2 className="h6 mt-4">{passkey.heading}</h2>
                  <Passkeys onAdded={() => setEnrolled(true)} />
                  <Button variant="link" className="p-0 mt-3" onClick={logout}>
                    {mfa.backToLogin}
                  </Button>
                </>
              )}
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </Container>
  );
}
