import { type MediaCompany } from '@store-cloud/contracts';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useLiveCompany, useSaveStoreTags } from '../../../api/useMediaAdmin';
import { notify } from '../../../ui/notify';
import { StorePreview } from './StorePreview';
import { PickList } from './TagList';
import { TwoListEditor } from './TwoListEditor';
import { mediaAdminLabelsSet, mediaValidationTextSet } from '../../../i18n/sets/media';
import { useTexts } from '../../../i18n/useTexts';

type Store = MediaCompany['stores'][number];

/**
 * Store Tags (spec media §2, §4): pick a store, click tags to add or remove them, then
 * 'Save Tag Changes'. A failed save puts the store's original tags back.
 */
export function StoreTagsView({ company: opened }: { company: MediaCompany }) {
  const mediaValidationText = useTexts(mediaValidationTextSet);
  const mediaAdminLabels = useTexts(mediaAdminLabelsSet);
  const company = useLiveCompany(opened);
  const save = useSaveStoreTags();
  const [storeId, setStoreId] = useState<number>();
  /** The tags being edited and those the store had when it was picked (the revert point). */
  const [draft, setDraft] = useState<{ original: string[]; tags: string[] }>();
  const store = company.stores.find((s) => s.storeId === storeId);

  if (!company.mediaFolderName) return <p>{mediaValidationText.companyNotConfigured}</p>;

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
    const title = mediaAdminLabels.toastTitle.saveTagChanges;
    save.mutate(
      { companyId: company.companyId, storeId: store.storeId, tags: draft.tags },
      {
        onSuccess: (saved) => {
          const tags = saved.stores.find((s) => s.storeId === store.storeId)?.tags ?? draft.tags;
          setDraft({ original: tags, tags });
          notify.success(title, mediaAdminLabels.tagChangesSaved(store.storeName));
        },
        onError: () => {
          setDraft((d) => d && { ...d, tags: d.original });
          notify.error(title, mediaAdminLabels.tagChangesFailed(store.storeName));
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
    <>
      <TwoListEditor
        picker={
          <PickList
            label={mediaAdminLabels.stores}
            items={company.stores}
            keyOf={(s) => s.storeId}
            textOf={(s) => s.storeName}
            empty={mediaAdminLabels.noStores}
            active={(s) => s.storeId === storeId}
            onPick={pick}
          />
        }
        chosen={store !== undefined}
        hint={mediaAdminLabels.selectStore}
        assigned={{
          label: store ? mediaAdminLabels.storeTags(store.storeName) : '',
          items: assigned,
          empty: mediaAdminLabels.noStoreTags,
        }}
        available={{
          label: mediaAdminLabels.availableTags,
          items: available,
          empty: mediaAdminLabels.noAvailableTags,
        }}
        keyOf={(t) => t}
        textOf={(t) => t}
        busy={save.isPending}
        onToggle={toggle}
      >
        <Button onClick={onSave} disabled={!changed || save.isPending}>
          {mediaAdminLabels.saveTagChanges}
        </Button>
      </TwoListEditor>
      {store && (
        <StorePreview key={store.storeId} companyId={company.companyId} storeId={store.storeId} />
      )}
    </>
  );
}
