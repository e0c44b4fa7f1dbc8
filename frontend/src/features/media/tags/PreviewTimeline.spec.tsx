import { MEDIA_PREVIEW_LABELS, PREVIEW_TIMELINE_DAYS } from '@store-cloud/contracts';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PreviewTimeline } from './PreviewTimeline';
import { dayTicks } from './TimeScale';

const DAY = 24 * 3600_000;
const from = new Date(2026, 10, 27, 9, 30).getTime();

describe('PreviewTimeline', () => {
  it('puts a line at each midnight of the span', () => {
    const ticks = dayTicks(from, PREVIEW_TIMELINE_DAYS * DAY);
    expect(ticks).toHaveLength(PREVIEW_TIMELINE_DAYS);
    expect(new Date(ticks[0].at)).toEqual(new Date(2026, 10, 28));
    expect(ticks[0].left).toBeCloseTo((14.5 / 24 / PREVIEW_TIMELINE_DAYS) * 100);
  });

  it('labels the scale with day and month, and shows each schedule with its dates', () => {
    render(
      <PreviewTimeline
        scale={{ from, span: PREVIEW_TIMELINE_DAYS * DAY, at: from + DAY }}
        timeline={[
          {
            _id: 's1',
            destination: 'promo',
            startDate: new Date(2026, 10, 28, 8, 0).toISOString(),
            endDate: new Date(2026, 11, 1, 20, 0).toISOString(),
            status: 'READY',
            files: ['morning.png'],
            windows: [
              {
                start: new Date(2026, 10, 28, 8, 0).toISOString(),
                end: new Date(2026, 11, 1, 20, 0).toISOString(),
              },
            ],
            overlapsWith: [],
          },
        ]}
      />,
    );
    const table = screen.getByRole('table', {
      name: MEDIA_PREVIEW_LABELS.timeline(PREVIEW_TIMELINE_DAYS),
    });
    const header = within(table).getAllByRole('row')[0];
    expect(header).toHaveTextContent('28/11');
    expect(header).toHaveTextContent('30/11');
    const row = within(table).getAllByRole('row')[1];
    expect(row).toHaveTextContent('28/11/2026 08:00:00');
    expect(within(row).getByRole('cell', { name: 'morning.png' })).toBeInTheDocument();
  });
});
