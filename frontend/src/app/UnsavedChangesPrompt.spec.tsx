import { PORTAL_LABELS } from '@store-cloud/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { UnsavedChangesPrompt } from './UnsavedChangesPrompt';

const T = PORTAL_LABELS.unsavedChanges;

/** A screen with one field: typing in it makes the screen's edits unsaved. */
function Editor() {
  const [value, setValue] = useState('');
  return (
    <>
      <label htmlFor="field">Field</label>
      <input id="field" value={value} onChange={(e) => setValue(e.target.value)} />
      <Link to="/elsewhere">Elsewhere</Link>
      <UnsavedChangesPrompt when={() => value !== ''} />
    </>
  );
}

function renderEditor() {
  const router = createMemoryRouter(
    [
      { path: '/edit', element: <Editor /> },
      { path: '/elsewhere', element: <h1>Elsewhere screen</h1> },
    ],
    { initialEntries: ['/edit'] },
  );
  render(<RouterProvider router={router} />);
}

describe('UnsavedChangesPrompt', () => {
  it('lets a screen without edits go at once', async () => {
    renderEditor();
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere screen' })).toBeInTheDocument();
  });

  it('asks before leaving unsaved edits: Stay keeps them, Leave goes on', async () => {
    renderEditor();
    await userEvent.type(screen.getByLabelText('Field'), 'draft');
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const dialog = await screen.findByRole('dialog', { name: T.title });
    await userEvent.click(screen.getByRole('button', { name: T.stay }));
    expect(dialog).not.toBeInTheDocument();
    expect(screen.getByLabelText('Field')).toHaveValue('draft');

    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await userEvent.click(await screen.findByRole('button', { name: T.leave }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere screen' })).toBeInTheDocument();
  });

  it('asks the browser to confirm a reload or a closed tab while edits are unsaved', async () => {
    renderEditor();
    const before = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(before()).toBe(false);
    await userEvent.type(screen.getByLabelText('Field'), 'draft');
    expect(before()).toBe(true);
  });
});
