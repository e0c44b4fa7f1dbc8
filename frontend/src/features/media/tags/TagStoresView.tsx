import { type MediaCompany } from '@store-cloud/contracts';
import { useState } from 'react';
import { useLiveCompany, useSaveStoreTags } from '../../../api/useMediaAdmin';
import { notify } from '../../../ui/notify';
import { PickList } from './TagList';
import { TwoListEditor } from './TwoListEditor';
import { mediaAdminLabelsSet, mediaValidationTextSet } from '../../../i18n/sets/media';
import { useTexts } from '../../../i18n/useTexts';

type Store = MediaCompany['stores'][number];

/**
 * Tag Stores (spec media §2): the mirror of Store Tags. Pick a tag, click a store to give it the
 * tag or take it away; each click is saved at once, and a failed save leaves the store as it was.
 */
export function TagStoresView({ company: opened }: { company: MediaCompany }) {
  const mediaValidationText = useTexts(mediaValidationTextSet);
  const mediaAdminLabels = useTexts(mediaAdminLabelsSet);
  const company = useLiveCompany(opened);
  const save = useSaveStoreTags();
  const [tag, setTag] = useState<string>();

  if (!company.mediaFolderName) return <p>{mediaValidationText.companyNotConfigured}</p>;

  const selected = tag !== undefined && company.tagsList.includes(tag) ? tag : undefined;
  const withTag = selected ? company.stores.filter((s) => s.tags.includes(selected)) : [];
  const withoutTag = selected ? company.stores.filter((s) => !s.tags.includes(selected)) : [];

  const toggle = (store: Store) => {
    if (!selected) return;
    const tags = store.tags.includes(selected)
      ? store.tags.filter((t) => t !== selected)
      : [...store.tags, selected];
    const title = mediaAdminLabels.toastTitle.saveTagChanges;
    save.mutate(
      { companyId: company.companyId, storeId: store.storeId, tags },
      {
        onSuccess: () => notify.success(title, mediaAdminLabels.tagChangesSaved(store.storeName)),
        onError: (e) => notify.error(title, mediaAdminLabels.tagChangesFailed(store.storeName), e),
      },
    );
  };

  return (
    <TwoListEditor
      picker={
        <PickList
          label={mediaAdminLabels.tags}
          items={company.tagsList}
          keyOf={(t) => t}
          textOf={(t) => t}
          empty={mediaAdminLabels.noTags}
          active={(t) => t === selected}
          onPick={setTag}
        />
      }
      chosen={selected !== undefined}
      hint={mediaAdminLabels.selectTag}
      assigned={{
        label: selected ? mediaAdminLabels.tagStores(selected) : '',
        items: withTag,
        empty: mediaAdminLabels.noTagStores,
      }}
      available={{
        label: mediaAdminLabels.availableStores,
        items: withoutTag,
        empty: mediaAdminLabels.noAvailableStores,
      }}
      keyOf={(s) => s.storeId}
      textOf={(s) => s.storeName}
      busy={save.isPending}
      onToggle={toggle}
    />
  );
}
