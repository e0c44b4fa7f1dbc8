import {
  canDeleteUsers,
  canManageUser,
  ROUTES,
  USER_FILTERS,
  type UserView,
  type UserFilterKey,
} from '@store-cloud/contracts';
import { useMemo, useState } from 'react';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { useNavigate } from 'react-router-dom';
import { useDeleteUser, useUsers } from '../../api/useUserAdmin';
import { useSession } from '../../auth/useSession';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { notify } from '../../ui/notify';
import { matchesSearch } from '../../ui/search';
import type { EditUserState } from './navigation-state';
import { Breakable } from '../../ui/Breakable';
import { ItemTable } from '../../ui/ItemTable';
import { menuLabelsSet, toastSet } from '../../i18n/sets/common';
import { userAdminLabelsSet, userFilterLabelsSet, usersTextSet } from '../../i18n/sets/users';
import { useTexts } from '../../i18n/useTexts';

/** A page of users: 64 of them were a 2,839 px page (issue 30). */
const USERS_PAGE_SIZE = 20;

/**
 * Users (spec §2 Users): filter, search from 3 characters, add, edit and delete; sortable by any
 * column and paged, both kept in the URL.
 */
export function UsersPage() {
  const session = useSession();
  const navigate = useNavigate();
  const users = useUsers();
  const deleteUser = useDeleteUser();
  const menu = useTexts(menuLabelsSet);
  const toast = useTexts(toastSet);
  const labels = useTexts(userAdminLabelsSet);
  const text = useTexts(usersTextSet);
  const filterLabels = useTexts(userFilterLabelsSet);
  const [filter, setFilter] = useState<UserFilterKey>('all');
  const [search, setSearch] = useState('');
  const [toDelete, setToDelete] = useState<UserView | null>(null);
  const callerType = session?.usertype ?? '';

  const shown = useMemo(() => {
    const test = USER_FILTERS.find((f) => f.key === filter)!.test;
    return (users.data ?? []).filter((u) => test(u) && matchesSearch(search, u.username));
  }, [users.data, filter, search]);

  const open = (state: Omit<EditUserState, 'users'>) =>
    void navigate(state.user ? ROUTES.editUserOf(state.user._id) : ROUTES.editUser, {
      state: { ...state, users: users.data ?? [] },
    });

  const confirmDelete = () => {
    if (!toDelete) return;
    deleteUser.mutate(toDelete._id, {
      onSuccess: () => notify.success(toast.deleteUser.title, toast.deleteUser.success),
      onError: (e) => notify.error(toast.deleteUser.title, toast.deleteUser.error, e),
      onSettled: () => setToDelete(null),
    });
  };

  return (
    <section>
      <h1 className="h3 mb-3">{menu.users}</h1>
      <Row className="g-2 mb-3 align-items-end">
        <Col xs={12} sm={4} md={3}>
          <Form.Label htmlFor="users-filter">{labels.filter}</Form.Label>
          <Form.Select
            id="users-filter"
            value={filter}
            onChange={(e) => setFilter(e.target.value as UserFilterKey)}
          >
            {USER_FILTERS.map((f) => (
              <option key={f.key} value={f.key}>
                {filterLabels[f.key]}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col xs={12} sm={8} md={5}>
          <Form.Label htmlFor="users-search">{labels.search}</Form.Label>
          <Form.Control
            id="users-search"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </Col>
        <Col xs={12} md="auto" className="ms-md-auto">
          <Button onClick={() => open({ newUser: true })}>
            <i className="bi bi-person-plus me-2" aria-hidden="true" />
            {text.addNewUser}
          </Button>
        </Col>
      </Row>

      <ItemTable
        className="align-middle"
        label={menu.users}
        rows={shown}
        rowKey={(u) => u._id}
        rowTestId="user-row"
        sortParam="sort"
        pageSize={USERS_PAGE_SIZE}
        loading={users.isPending}
        empty={<p className="text-body-secondary">{labels.noUsers}</p>}
        columns={[
          {
            header: labels.username,
            cell: (u) => <Breakable text={u.username} />,
            sort: { id: 'username', value: (u) => u.username },
          },
          {
            header: labels.userType,
            wide: true,
            cell: (u) => u.usertype,
            sort: { id: 'type', value: (u) => u.usertype },
          },
          {
            header: labels.enabled,
            className: 'text-center',
            headerClassName: 'text-center',
            sort: { id: 'enabled', value: (u) => (u.enabled ? 0 : 1) },
            cell: (u) =>
              u.enabled && (
                <i className="bi bi-check-lg text-success" role="img" aria-label={labels.enabled} />
              ),
          },
        ]}
        actions={(u) => (
          <>
            {canManageUser(callerType, u.usertype) && (
              <Button
                variant="link"
                size="sm"
                aria-label={`${labels.edit} ${u.username}`}
                onClick={() => open({ user: u })}
              >
                <i className="bi bi-pencil" aria-hidden="true" />
              </Button>
            )}
            {canDeleteUsers(callerType) &&
              canManageUser(callerType, u.usertype) &&
              u.username !== session?.name && (
                <Button
                  variant="link"
                  size="sm"
                  className="text-danger"
                  aria-label={`${labels.delete} ${u.username}`}
                  onClick={() => setToDelete(u)}
                >
                  <i className="bi bi-trash" aria-hidden="true" />
                </Button>
              )}
          </>
        )}
      />

      {toDelete && (
        <ConfirmModal
          title={labels.deleteUserTitle}
          yesLabel={labels.yes}
          noLabel={labels.no}
          busy={deleteUser.isPending}
          onNo={() => setToDelete(null)}
          onYes={confirmDelete}
        >
          <p className="text-break">{text.confirmDelete(toDelete.username)}</p>
          <p className="mb-0">{labels.deleteUserConsequence}</p>
        </ConfirmModal>
      )}
    </section>
  );
}
