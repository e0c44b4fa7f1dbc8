import { BACKUP_MODAL_TEXT, BACKUP_TEXT, VALIDATION } from '@store-cloud/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RestoreModal } from './RestoreModal';

const server = (name: string) => ({ name, url: `https://${name.toLowerCase()}.example.com` });

describe('RestoreModal', () => {
  it('asks for a server before going on, and goes on with the chosen one', async () => {
    const onProceed = vi.fn();
    render(
      <RestoreModal
        backup={{ _id: 'b1', name: 'Main', url: 'https://main.example.com', time: '' }}
        servers={[server('Main'), server('Spare')]}
        onCancel={vi.fn()}
        onProceed={onProceed}
      />,
    );
    const modal = screen.getByRole('dialog', { name: `${BACKUP_MODAL_TEXT.restoreBackup}: Main` });
    const proceed = within(modal).getByRole('button', { name: BACKUP_MODAL_TEXT.proceed });
    const select = within(modal).getByLabelText(BACKUP_TEXT.selectServer);

    await userEvent.click(proceed);
    expect(within(modal).getByText(VALIDATION.restoreServerRequired)).toBeVisible();
    expect(select).toHaveClass('is-invalid');
    expect(onProceed).not.toHaveBeenCalled();

    await userEvent.selectOptions(select, 'Spare');
    expect(within(modal).queryByText(VALIDATION.restoreServerRequired)).toBeNull();
    await userEvent.click(proceed);
    expect(onProceed).toHaveBeenCalledWith('Spare');
  });
});
