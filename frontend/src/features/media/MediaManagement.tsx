import { type MediaCompany } from '@store-cloud/contracts';
import { useEffect, useState } from 'react';
import { ToggleButton, ToggleButtonGroup } from 'react-bootstrap';
import { useMediaLists } from '../../api/useMediaFiles';
import { useSchedules } from '../../api/useMediaSchedules';
import { notify } from '../../ui/notify';
import { StoreTagsView } from './tags/StoreTagsView';
import { TagStoresView } from './tags/TagStoresView';
import { ActiveMediaView } from './ActiveMediaView';
import { ExpiredMediaView } from './ExpiredMediaView';
import { PendingMediaView } from './PendingMediaView';
import { SchedulesView } from './SchedulesView';
import { mediaLabelsSet, mediaToastTextSet } from '../../i18n/sets/media';
import { textsNow, useTexts } from '../../i18n/useTexts';

const SECTIONS = [
  'pendingMedia',
  'activeMedia',
  'expiredMedia',
  'schedules',
  'storeTags',
  'tagStores',
] as const;
type Section = (typeof SECTIONS)[number];

/** Central Media Management of a configured company: the radio sub-menu and its views. */
export function MediaManagement({ company, folder }: { company: MediaCompany; folder: string }) {
  const mediaLabels = useTexts(mediaLabelsSet);
  const [section, setSection] = useState<Section>('pendingMedia');
  const lists = useMediaLists(folder, company.tagsList);
  const schedules = useSchedules(folder);
  const { getAllMedia, schedules: schedulesTitle } = mediaLabels.toastTitle;
  // A toast is an event: it reads the texts of the moment, and a language change shows none again.

  useEffect(() => {
    if (lists.error) {
      console.warn(`Loading the media of ${folder} failed: ${lists.error.message}`);
      notify.error(getAllMedia, textsNow(mediaToastTextSet).getMediaFailed(company.companyName));
    }
  }, [lists.error, folder, company.companyName, getAllMedia]);
  useEffect(() => {
    if (schedules.error) {
      console.warn(`Loading the schedules of ${folder} failed: ${schedules.error.message}`);
      notify.error(schedulesTitle, textsNow(mediaToastTextSet).getSchedulesFailed);
    }
  }, [schedules.error, folder, schedulesTitle]);

  const data = lists.data ?? { pending: [], expired: [], active: [] };
  const scheduleList = schedules.data ?? [];
  const total = data.pending.length + data.active.length + data.expired.length;
  const common = { company, folder };

  return (
    <div>
      <ToggleButtonGroup
        type="radio"
        name="media-section"
        value={section}
        onChange={(v: Section) => setSection(v)}
        className="mb-3 flex-wrap"
        aria-label={mediaLabels.mediaSections}
      >
        {SECTIONS.map((s) => (
          <ToggleButton
            key={s}
            id={`media-section-${s}`}
            value={s}
            variant="outline-primary"
            // The radio takes the focus (arrows move it); the label is no tab stop.
            tabIndex={-1}
          >
            {mediaLabels[s]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {section === 'pendingMedia' && (
        <PendingMediaView
          {...common}
          files={data.pending}
          totalFiles={total}
          active={data.active}
          loading={lists.isPending || schedules.isPending}
          schedules={scheduleList}
        />
      )}
      {section === 'activeMedia' && (
        <ActiveMediaView
          {...common}
          files={data.active}
          loading={lists.isPending}
          schedules={scheduleList}
        />
      )}
      {section === 'expiredMedia' && (
        <ExpiredMediaView {...common} files={data.expired} loading={lists.isPending} />
      )}
      {section === 'schedules' && (
        <SchedulesView {...common} schedules={scheduleList} loading={schedules.isPending} />
      )}
      {section === 'storeTags' && <StoreTagsView company={company} />}
      {section === 'tagStores' && <TagStoresView company={company} />}
    </div>
  );
}
