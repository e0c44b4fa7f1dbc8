import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Button } from 'react-bootstrap';
import { type Column, ItemTable } from '../../ui/ItemTable';
import { QueryList } from '../../ui/QueryList';
import { type RowAction, RowActions } from '../../ui/RowActions';
import { CompanySelect } from './CompanySelect';
import { ConfirmDelete, type DeleteText } from './ConfirmDelete';
import { DisabledBadge } from './DisabledBadge';
import { useNames } from './useNames';
import { homeTextSet } from '../../i18n/sets/common';
import { useTexts } from '../../i18n/useTexts';

/** The texts a company's list screen shows around its own columns. */
interface ListText extends DeleteText {
  title: string;
  company: string;
  add: string;
  table: string;
  loading: string;
  loadFailed: string;
  name: string;
  disabled: string;
  edit: string;
  delete: string;
}

/** What the screen reads of an item: a named thing that may be switched off. */
interface ListItem {
  id: string;
  name: string;
  enabled: boolean;
}

/**
 * A company's alerting list (rules, webhooks): title, the company choice beside the Add button,
 * then a table of the company's items (the Home text when the user may see no company). A row is
 * the item's name (greyed and marked while switched off), the screen's own columns, the screen's
 * own actions and then Edit and Delete; Delete asks first.
 */
export function CompanyListScreen<T extends ListItem>({
  text,
  selectId,
  companyId,
  onCompany,
  onAdd,
  onEdit,
  query,
  empty,
  columns,
  actions,
  editLabel,
  deleteLabel,
  remove,
  children,
}: {
  text: ListText;
  selectId: string;
  companyId: number | undefined;
  onCompany: (companyId: number) => void;
  onAdd: () => void;
  onEdit: (item: T) => void;
  query: { isPending: boolean; isError: boolean; data: T[] | undefined };
  empty: string;
  /** The columns between the name and the actions. */
  columns: Column<T>[];
  /** The actions before Edit and Delete. */
  actions: (item: T) => RowAction[];
  editLabel: (name: string) => string;
  deleteLabel: (name: string) => string;
  remove: UseMutationResult<unknown, Error, string>;
  /** The screen's modals. */
  children?: ReactNode;
}) {
  const homeText = useTexts(homeTextSet);
  const names = useNames();
  const [deleting, setDeleting] = useState<T | null>(null);
  const none = !names.loading && !names.companies.length;
  const name: Column<T> = {
    header: text.name,
    className: 'text-wrap-anywhere',
    cell: (item) => (
      <>
        {item.name} {!item.enabled && <DisabledBadge text={text.disabled} />}
      </>
    ),
  };
  const rowActions = (item: T) => (
    <RowActions
      actions={[
        ...actions(item),
        {
          text: text.edit,
          label: editLabel(item.name),
          variant: 'outline-primary',
          onClick: () => onEdit(item),
        },
        {
          text: text.delete,
          label: deleteLabel(item.name),
          variant: 'outline-danger',
          onClick: () => setDeleting(item),
        },
      ]}
    />
  );
  return (
    <section>
      <h1 className="h4 mb-3">{text.title}</h1>
      <div className="d-flex flex-wrap align-items-end gap-3">
        <div className="flex-grow-1">
          <CompanySelect
            id={selectId}
            label={text.company}
            names={names}
            value={companyId}
            onChange={onCompany}
          />
        </div>
        <Button className="mb-3" disabled={companyId === undefined} onClick={onAdd}>
          {text.add}
        </Button>
      </div>
      {none ? (
        <p className="text-muted">{homeText.noCompanies}</p>
      ) : (
        <QueryList
          query={query}
          waiting={companyId === undefined}
          loading={text.loading}
          failed={text.loadFailed}
          empty={empty}
        >
          {(list) => (
            <ItemTable
              label={text.table}
              rows={list}
              rowKey={(item) => item.id}
              rowProps={(item) => ({ className: item.enabled ? undefined : 'text-muted' })}
              columns={[name, ...columns]}
              actionsLabel={text.edit}
              actions={rowActions}
            />
          )}
        </QueryList>
      )}
      {children}
      {deleting && (
        <ConfirmDelete
          item={deleting}
          text={text}
          remove={remove}
          onDone={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
