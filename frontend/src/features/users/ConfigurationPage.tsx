import {
  type AccessCompany,
  type CloudCompany,
  hasCompanyInScope,
  ROUTES,
  type UserView,
} from '@store-cloud/contracts';
import { useState } from 'react';
import { Button, Card, Col, Form, ListGroup, Row } from 'react-bootstrap';
import { Navigate, useNavigate } from 'react-router-dom';
import { useCloudCompanies } from '../../api/useCompanies';
import { useSaveUserChanges } from '../../api/useUserAdmin';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notify } from '../../ui/notify';
import { matchesSearch } from '../../ui/search';
import { Breakable } from '../../ui/Breakable';
import { useCallerAccess } from './access';
import { type EditUserState, useEditTarget } from './navigation-state';
import { portalLabelsSet, toastSet } from '../../i18n/sets/common';
import { companiesTextSet } from '../../i18n/sets/companies';
import { userAdminLabelsSet, usersTextSet } from '../../i18n/sets/users';
import { useTexts } from '../../i18n/useTexts';

/**
 * Configuration (spec §2): choose a user's companies. A click moves a company between the lists;
 * saving saves the user and goes on to /users and then /edituser with the saved user (spec §4).
 */
export function ConfigurationPage() {
  const target = useEditTarget();
  if (target.kind === 'loading') return <LoadingSpinner />;
  if (target.kind === 'missing' || !target.user) return <Navigate to={ROUTES.users} replace />;
  return <ChooseCompanies key={target.user._id} state={{ ...target, user: target.user }} />;
}

function ChooseCompanies({ state }: { state: EditUserState & { user: UserView } }) {
  const navigate = useNavigate();
  const companies = useCloudCompanies();
  const save = useSaveUserChanges();
  const caller = useCallerAccess();
  const companiesText = useTexts(companiesTextSet);
  const toast = useTexts(toastSet);
  const labels = useTexts(userAdminLabelsSet);
  const text = useTexts(usersTextSet);
  const portal = useTexts(portalLabelsSet);
  const [selected, setSelected] = useState<AccessCompany[]>(state.user.access.companies);
  const [search, setSearch] = useState('');
  const user = state.user;

  const matches = (c: { companyId: number; companyName: string }) =>
    matchesSearch(search, c.companyName, c.companyId);
  const chosen = new Set(selected.map((c) => c.companyId));
  // A company-limited administrator is offered only its own companies (issue 13).
  const available = (companies.data ?? []).filter(
    (c) =>
      !chosen.has(c.companyId) &&
      matches(c) &&
      (!caller || hasCompanyInScope({ access: caller }, c.companyId)),
  );

  const add = (c: CloudCompany) =>
    setSelected((list) =>
      [...list, { companyId: c.companyId, companyName: c.companyName, stores: [] }].sort(
        (a, b) => a.companyId - b.companyId,
      ),
    );
  const remove = (companyId: number) =>
    setSelected((list) => list.filter((c) => c.companyId !== companyId));

  const onSave = () =>
    save.mutate(
      {
        userdata: {
          _id: user._id,
          usertype: user.usertype,
          enabled: user.enabled,
          access: { ...user.access, companies: selected },
          applications: user.applications,
        },
      },
      {
        onSuccess: (saved) => {
          notify.success(toast.editUser.title, toast.editUser.success);
          const users = state.users.map((u) => (u._id === saved._id ? saved : u));
          void navigate(ROUTES.users, { replace: true });
          void navigate(ROUTES.editUserOf(saved._id), { state: { user: saved, users } });
        },
        onError: (e) => notify.error(toast.editUser.title, toast.editUser.error, e),
      },
    );

  const list = (
    title: string,
    items: { companyId: number; companyName: string }[],
    onPick: (companyId: number) => void,
  ) => (
    <Card className="h-100">
      <Card.Header as="h2" className="h6">
        {title}
      </Card.Header>
      {/* Not a list to assistive technology: its entries are buttons, not list items. */}
      <ListGroup variant="flush" className="overflow-auto" style={{ maxHeight: 800 }}>
        {items.length === 0 && <ListGroup.Item>{companiesText.noCompanies}</ListGroup.Item>}
        {items.map((c) => (
          <ListGroup.Item key={c.companyId} action onClick={() => onPick(c.companyId)}>
            {c.companyName} ({c.companyId})
          </ListGroup.Item>
        ))}
      </ListGroup>
    </Card>
  );

  return (
    <section>
      <h1 className="h3 mb-1">{portal.configurationTitle}</h1>
      <p className="text-body-secondary">
        <Breakable text={user.username} />
      </p>
      <Row className="g-2 mb-3 align-items-end">
        <Col xs={12} md={6}>
          <Form.Label htmlFor="configuration-search">{labels.search}</Form.Label>
          <Form.Control
            id="configuration-search"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </Col>
        <Col xs={12} md="auto" className="ms-md-auto">
          <Button onClick={onSave} disabled={save.isPending}>
            {text.saveSelectedCompanies}
          </Button>
        </Col>
      </Row>
      {companies.isPending ? (
        <LoadingSpinner />
      ) : (
        <Row className="g-3">
          <Col xs={12} md={6}>
            {list(text.companiesAvailable, available, (id) =>
              add(companies.data!.find((c) => c.companyId === id)!),
            )}
          </Col>
          <Col xs={12} md={6}>
            {list(text.companiesSelected, selected.filter(matches), remove)}
          </Col>
        </Row>
      )}
    </section>
  );
}
