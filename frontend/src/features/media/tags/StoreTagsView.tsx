import {
  MEDIA_ADMIN_LABELS,
  MEDIA_VALIDATION_TEXT,
  type MediaCompany,
} from '@store-cloud/contracts';
import { useState } from 'react';
import { Button, Col, Row } from 'react-bootstrap';
import { useLiveCompany, useSaveStoreTags } from '../../../api/useMediaAdmin';
import { notify } from '../../../ui/notify';
import { PickList } from './TagList';

type Store = MediaCompany['stores'][number];

/**
 * Store Tags (spec media §2, §4): pick a store, click tags to add or remove them, then
 * 'Save Tag Changes'. A failed save puts the store's original tags back.
 */
export function StoreTagsView({ company: opened }: { company: MediaCompany }) {
  const company = useLiveCompany(opened);
  const save = useSaveStoreTags();
  const [storeId, setStoreId] = useState<number>();
  /** The tags being edited and those the store had when it was picked (the revert point). */
  const [draft, setDraft] = useState<{ original: string[]; tags: string[] }>();
  const store = company.stores.find((s) => s.storeId === storeId);

  if (!company.mediaFolderName) return <p>{MEDIA_VALIDATION_TEXT.companyNotConfigured}</p>;

  const pick = (s: Store) => {
    setStoreId(s.storeId);
    setDraft({ original: s.tags, tags: s.tags });
  };
  const toggle = (tag: string) =>
    setDraft(
      (d) =>
        d && {
          ...d,
          tags: d.tags.includes(tag) ? d.tags.filter((t) => t !== tag) : [...d.tags, tag],
        },
    );
  const onSave = () => {
    if (!store || !draft) return;
    const title = MEDIA_ADMIN_LABELS.toastTitle.saveTagChanges;
    save.mutate(
      { companyId: company.companyId, storeId: store.storeId, tags: draft.tags },
      {
        onSuccess: (saved) => {
          const tags = saved.stores.find((s) => s.storeId === store.storeId)?.tags ?? draft.tags;
          setDraft({ original: tags, tags });
          notify.success(title, MEDIA_ADMIN_LABELS.tagChangesSaved(store.storeName));
        },
        onError: () => {
          setDraft((d) => d && { ...d, tags: d.original });
          notify.error(title, MEDIA_ADMIN_LABELS.tagChangesFailed(store.storeName));
        },
      },
    );
  };

  const assigned = draft?.tags ?? [];
  const available = company.tagsList.filter((t) => !assigned.includes(t));
  const changed =
    draft !== undefined &&
    (draft.tags.length !== draft.original.length ||
      draft.tags.some((t) => !draft.original.includes(t)));

  return (
    <Row className="g-3">
      <Col md={5}>
        <PickList
          label={MEDIA_ADMIN_LABELS.stores}
          items={company.stores}
          keyOf={(s) => s.storeId}
          textOf={(s) => s.storeName}
          empty={MEDIA_ADMIN_LABELS.noStores}
          active={(s) => s.storeId === storeId}
          onPick={pick}
        />
      </Col>
      <Col md={7}>
        {store ? (
          <>
            <PickList
              label={MEDIA_ADMIN_LABELS.storeTags(store.storeName)}
              items={assigned}
              keyOf={(t) => t}
              textOf={(t) => t}
              empty={MEDIA_ADMIN_LABELS.noStoreTags}
              loading={save.isPending}
              disabled={save.isPending}
              icon="dash-circle"
              onPick={toggle}
            />
            <PickList
              label={MEDIA_ADMIN_LABELS.availableTags}
              items={available}
              keyOf={(t) => t}
              textOf={(t) => t}
              empty={MEDIA_ADMIN_LABELS.noAvailableTags}
              loading={save.isPending}
              disabled={save.isPending}
              icon="plus-circle"
              onPick={toggle}
            />
            <Button onClick={onSave} disabled={!changed || save.isPending}>
              {MEDIA_ADMIN_LABELS.saveTagChanges}
            </Button>
          </>
        ) : (
          <p className="text-body-secondary">{MEDIA_ADMIN_LABELS.selectStore}</p>
        )}
      </Col>
    </Row>
  );
}
