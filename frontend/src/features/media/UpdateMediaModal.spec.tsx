import { MEDIA_LABELS, MEDIA_VALIDATION_TEXT, type MediaCompany } from '@store-cloud/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UpdateMediaModal } from './UpdateMediaModal';

const ACME: MediaCompany = {
  companyId: 7,
  companyName: 'Acme',
  mediaFolderName: 'Acme-7',
  tagsList: ['promo', 'winter'],
  mediaFileLimit: 20,
  tagLimit: 10,
  stores: [],
};

function renderModal(files: string[]) {
  const onUpdate = vi.fn();
  render(
    <UpdateMediaModal
      company={ACME}
      files={files}
      busy={false}
      liveIn={(tag) => (tag === 'winter' ? ['a.png'] : [])}
      onCancel={vi.fn()}
      onUpdate={onUpdate}
    />,
  );
  return { onUpdate, modal: screen.getByRole('dialog', { name: MEDIA_LABELS.updateMediaTitle }) };
}

describe('UpdateMediaModal', () => {
  it('says no files were selected and updates nothing', async () => {
    const { onUpdate, modal } = renderModal([]);
    await userEvent.selectOptions(within(modal).getByLabelText(MEDIA_LABELS.destination), 'promo');
    await userEvent.click(within(modal).getByRole('button', { name: MEDIA_LABELS.update }));
    expect(within(modal).getByText(MEDIA_VALIDATION_TEXT.noMediaFilesSelected)).toBeVisible();
    expect(onUpdate).not.toHaveBeenCalled();
  });

  it('asks for a tag, then updates into the chosen one', async () => {
    const { onUpdate, modal } = renderModal(['a.png', 'b.png']);
    await userEvent.click(within(modal).getByRole('button', { name: MEDIA_LABELS.update }));
    expect(within(modal).getByText(MEDIA_VALIDATION_TEXT.updateNeedsDestination)).toBeVisible();
    expect(onUpdate).not.toHaveBeenCalled();

    await userEvent.selectOptions(within(modal).getByLabelText(MEDIA_LABELS.destination), 'promo');
    await userEvent.click(within(modal).getByRole('button', { name: MEDIA_LABELS.update }));
    expect(onUpdate).toHaveBeenCalledWith('promo', false);
    expect(within(modal).queryByText(MEDIA_VALIDATION_TEXT.updateNeedsDestination)).toBeNull();
  });

  it('replaces the files live in the tag only when told so', async () => {
    const { onUpdate, modal } = renderModal(['a.png', 'b.png']);
    await userEvent.selectOptions(within(modal).getByLabelText(MEDIA_LABELS.destination), 'winter');
    expect(modal).toHaveTextContent(MEDIA_LABELS.liveInTag('winter', ['a.png']));
    await userEvent.click(
      within(modal).getByRole('button', { name: MEDIA_LABELS.replaceAndUpdate }),
    );
    expect(onUpdate).toHaveBeenCalledWith('winter', true);
  });
});
